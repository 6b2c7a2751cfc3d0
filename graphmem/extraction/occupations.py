"""What "I'm a X" must name to be read as a job title: a phrase whose head (its last word)
is an occupation.

"I'm a nurse", "I'm an assistant manager", "I'm a Weight Watchers coach" name jobs; "I'm a
newbie", "I'm a part of the group", "I'm a mix of excited and scared", "I'm an expert hiker"
do not. ``job_title`` is functional: a new one supersedes the old, so a phrase read as a title
by mistake retires a memory that never changed (two such readings in LoCoMo did exactly that).
"I work as a X" states the job by its verb and needs no such check.

The list is of occupations' head nouns, not of whole titles: "shooting guard", "security
guard" and "head guard" all end in "guard"; words with an occupational suffix (-ician,
-ologist, -grapher, -ographer, -writer) count without being listed."""

from __future__ import annotations

from graphmem.extraction.phrases import word_set

OCCUPATIONS = word_set(
    """
    accountant actor actress actuary administrator advisor adviser agent analyst anchor
    animator apprentice architect artist assistant associate athlete attendant attorney
    auditor author baker banker barber barista bartender beautician bookkeeper broker builder
    butcher buyer caregiver caretaker carpenter cashier ceo cfo chairman chairwoman chef
    chemist chiropractor cleaner clerk coach coder comedian composer conductor consultant
    contractor coordinator cop counselor counsellor courier cto dancer dean dentist designer
    detective developer dietitian dietician director dj doctor drummer economist editor
    educator electrician engineer entrepreneur executive farmer filmmaker firefighter
    fisherman florist footballer founder co-founder cofounder freelancer gardener guard
    guitarist hairdresser housekeeper illustrator imam inspector instructor intern interpreter
    investigator janitor jeweler jeweller journalist judge laborer labourer landscaper lawyer
    lecturer librarian lifeguard machinist magician maid manager marketer mason mechanic
    medic midwife miner minister model monk musician nanny novelist nun nurse officer
    optometrist painter paralegal paramedic pastor pharmacist photographer physician
    physicist physiotherapist pianist pilot planner player plumber poet policeman
    policewoman president priest principal producer professor programmer psychiatrist
    psychologist rabbi rancher realtor receptionist recruiter referee rep representative
    reporter researcher salesman saleswoman salesperson scientist sculptor secretary sheriff
    singer soldier specialist stylist supervisor surgeon surveyor tailor teacher technician
    tester therapist trader trainee trainer translator tutor umpire underwriter veterinarian
    vet violinist waiter waitress welder worker writer zookeeper physio porter sommelier
    carer dispatcher sous-chef head vp svp evp coo cmo cio lead solicitor barrister notary
    """
)
_SUFFIXES = ("ician", "ologist", "grapher", "writer")  # copywriter, songwriter


def names_occupation(phrase: str) -> bool:
    """Whether the head of ``phrase`` is an occupation (see the module docstring): its last
    word, or the word before "of" ("head of logistics", "director of operations")."""
    words = phrase.lower().split()
    if "of" in words[1:]:
        words = words[: words.index("of")]
    if not words:
        return False
    head = words[-1]
    return head in OCCUPATIONS or head.endswith(_SUFFIXES)
