"""Kinds of things one has one of and names by make and model: "my phone is a Pixel 4", "our
car's a Volvo". The extractor reads such a sentence as owning the make and model
(:mod:`graphmem.extraction.pattern_rules`); the lifecycle does not count the kind as more
told when the thing is sold or replaced (:func:`graphmem.lifecycle.guards.check_denial`)."""

from __future__ import annotations

THING_KINDS: tuple[str, ...] = (
    "car", "phone", "laptop", "computer", "bike", "bicycle", "motorbike", "motorcycle",
    "scooter", "truck", "van", "tablet", "watch", "camera", "console", "e-reader", "piano",
    "keyboard", "guitar", "violin", "cello", "drum kit",
    # a car's body ("a red Volvo estate"): its kind within the make
    "estate", "hatchback", "sedan", "saloon", "suv", "wagon", "coupe", "convertible",
    "minivan", "pickup", "campervan",
)  # fmt: skip
