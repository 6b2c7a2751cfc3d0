"""Sports by name, as chat tells them ("picked for the county cricket squad", "plays five-a-side
on Tuesdays"): the answer a "What sport does Felix play?" asks for (search's answer kinds)."""

from __future__ import annotations

SPORTS = frozenset(
    w.replace("_", " ")
    for w in """
    football soccer five-a-side futsal rugby rugby_league rugby_union cricket tennis
    table_tennis ping_pong golf hockey ice_hockey netball basketball baseball softball
    volleyball badminton squash padel pickleball athletics cross-country running
    swimming cycling rowing canoeing kayaking boxing kickboxing judo karate taekwondo
    jiu-jitsu jiu_jitsu bjj mma wrestling fencing archery climbing bouldering skiing
    snowboarding surfing windsurfing kitesurfing sailing gymnastics lacrosse handball
    darts snooker pool bowling triathlon water_polo equestrian showjumping dressage
    skateboarding roller_derby ultimate frisbee curling polo
    """.split()  # noqa: SIM905
)
