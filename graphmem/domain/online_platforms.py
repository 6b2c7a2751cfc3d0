"""Online platforms and apps by name: where one streams, sells, posts, works, dates or learns
online. Moving "from Twitch to YouTube" or "to Etsy" changes the platform, never one's home
(extraction's home patterns leave them out)."""

from __future__ import annotations

PLATFORMS = frozenset(
    """
    YouTube Twitch TikTok Instagram Facebook Twitter Threads Bluesky Mastodon Snapchat
    LinkedIn Reddit Discord Slack Zoom WhatsApp Telegram Substack Medium Patreon
    OnlyFans Rumble Vimeo Spotify SoundCloud Bandcamp Etsy eBay Depop Vinted Shopify
    Amazon Fiverr Upwork Deliveroo Airbnb Tumblr Pinterest WordPress Squarespace
    Wix GitHub GitLab Steam
    Hinge Bumble Tinder Grindr OkCupid Feeld Happn Duolingo Babbel Memrise WaniKani italki
    Preply Strava Discogs Rightmove Zoopla Nextdoor Peloton Headspace MyFitnessPal
    """.split()  # noqa: SIM905
)
