"""The restaurant scenario: six months of one user's messages, January to June 2025.

Beijing and vegetarian dinners with friends in winter, seafood from March, Paris from April,
dinners with Alice (allergic to shellfish) from May. Used by `make demo` and the tests."""

from __future__ import annotations

USER_ID = "demo-user"

MESSAGES: list[tuple[str, str]] = [
    ("2025-01-06T19:00:00Z", "I live in Beijing."),
    ("2025-01-06T19:01:00Z", "I'm vegetarian and usually eat with my friends."),
    ("2025-01-11T20:00:00Z", "My friends and I had a vegetarian hotpot dinner in Sanlitun."),
    ("2025-01-25T20:30:00Z", "We went to a vegetarian dumpling place near Gulou for dinner."),
    ("2025-02-08T19:45:00Z", "Dinner with my friends at a tofu restaurant in Wudaokou was great."),
    ("2025-02-22T13:00:00Z", "I tried a new vegan noodle shop for lunch."),
    ("2025-03-09T20:00:00Z", "I started eating seafood this month."),
    ("2025-03-15T20:15:00Z", "Grilled fish in a Sichuan restaurant with friends tonight."),
    ("2025-03-29T19:30:00Z", "Steamed crab and shrimp dumplings were the best dinner this month."),
    ("2025-04-05T10:00:00Z", "I moved to Paris last week."),
    ("2025-04-12T20:00:00Z", "Paris has so many bistros; I had moules-frites near the Marais."),
    ("2025-04-26T21:00:00Z", "Oysters and a seafood platter for dinner at a brasserie."),
    ("2025-05-03T20:00:00Z", "I have dinner with Alice every Friday."),
    ("2025-05-03T20:05:00Z", "Alice is allergic to shellfish."),
    ("2025-05-09T20:30:00Z", "Dinner with Alice at a bistro in Paris; she picked the wine."),
    ("2025-05-17T20:00:00Z", "We booked a table at a restaurant in Saint-Germain for dinner."),
    ("2025-05-23T20:00:00Z", "Alice showed me her favourite dinner spot in Paris, near the Seine."),
    ("2025-05-24T18:00:00Z", "Paris dinners are expensive; we should find cheaper places."),
    ("2025-05-31T12:30:00Z", "Lunch at a crêperie in Montmartre; the galettes were excellent."),
]

JUNE_QUESTION = "Find me a restaurant this weekend, remember my current situation."
JUNE_DATE = "2025-06-14T10:00:00Z"
JULY_QUESTION = "Where did my friends and I usually eat before?"
ALICE_QUESTION = "What should I avoid for dinner with Alice in Paris?"
