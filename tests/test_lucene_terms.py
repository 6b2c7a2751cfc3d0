"""Full-text query terms stay under Lucene's clause limit and keep the informative words."""

from __future__ import annotations

from graphmem.search import lucene


def test_each_ideograph_is_a_term_and_the_count_is_capped() -> None:
    query = "".join(chr(0x4E00 + i) for i in range(1_100))
    words = lucene.terms(query)
    assert len(words) == lucene.MAX_TERMS
    assert all(len(w) == 1 for w in words)
    assert lucene.terms("東京 Tokyo") == ["東", "京", "tokyo"]


def test_longest_words_are_kept_in_query_order() -> None:
    short = [f"w{i}" for i in range(40)]
    query = " ".join([*short[:20], "saffron", "Saffron", "paella", *short[20:]])
    words = lucene.terms(query)
    assert len(words) == lucene.MAX_TERMS
    assert words.index("saffron") < words.index("paella")  # deduplicated, order kept
    assert words.count("saffron") == 1


def test_long_tokens_are_cut_and_the_characters_budgeted() -> None:
    words = lucene.terms(" ".join(["x" * 10_000, "y" * 300, "z" * 400, "w" * 500, "tea"]))
    assert all(len(w) <= lucene.MAX_TERM_CHARS for w in words)
    assert sum(map(len, words)) <= lucene.MAX_QUERY_CHARS
    query = lucene.scoped_query("text", "AND " + "漢" * 2_000 + " OR", {"user_id": "u"})
    assert query is not None
    assert query.endswith("+text:(and 漢 or)")


def test_a_query_names_someone_only_by_every_word_of_the_name() -> None:
    words = set(lucene.terms("What books has Mary Ann read lately?"))
    assert lucene.names(words, "Mary Ann")
    assert lucene.names(words, "mary")  # case does not matter
    assert not lucene.names(words, "Mary Jones")  # one word of two is not the name
    assert not lucene.names(words, "")
    assert not lucene.names(words, None)
    assert not lucene.names(words, "…")  # a name without a word names nothing
