"""Embedder runtimes on one thread: torch (sentence-transformers) vs fp32 ONNX vs int8 ONNX.

Sentences: LoCoMo dialogue turns and questions (Maharana et al. 2024, "Evaluating Very
Long-Term Conversational Memory of LLM Agents", https://github.com/snap-research/locomo,
CC BY-NC 4.0), read from a local copy of ``locomo10.json``; nothing of it is stored here.

Per variant, on one intra-op thread, the variants interleaved:
- median time to embed one question (a query embedding, as search does);
- time per sentence when the turns are embedded in batches of 64 (as add does);
- cosine to torch over every turn and question (mean and minimum);
- top-10 overlap: for each question, the 10 nearest turns under torch vectors vs under the
  variant's vectors (mean |A ∩ B| / 10) — a proxy for LoCoMo recall@10, which is too heavy to
  run on this machine now.

Quality bar used to pick the default (a proxy, documented in docs/benchmarks.md): mean cosine
to torch ≥ 0.999 and mean top-10 overlap ≥ 0.95.

    .venv/bin/python benchmarks/onnx_embedder.py \\
        --locomo /work/shared/data/locomo/locomo10.json --json benchmarks/results/onnx-embedder.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.adapters.embeddings.local import SentenceTransformerEmbedder, packaged_model_dir
from graphmem.adapters.embeddings.onnx_embedder import encode_batch
from graphmem.adapters.embeddings.onnx_export import ensure_onnx, quantize_int8
from graphmem.settings import EmbedderSettings

Embed = Callable[[list[str]], np.ndarray]
BAR_COSINE = 0.999
BAR_OVERLAP = 0.95


def int8_settings() -> dict[str, dict[str, Any]]:
    from onnxruntime.quantization import QuantType

    return {
        "int8 (defaults)": {"per_channel": False},
        "int8 per_channel": {"per_channel": True},
        "int8 per_channel reduce_range": {"per_channel": True, "reduce_range": True},
        "int8 per_channel MatMul only": {"per_channel": True, "op_types_to_quantize": ["MatMul"]},
        "int8 uint8 weights per_channel": {"per_channel": True, "weight_type": QuantType.QUInt8},
        "int8 per_channel, FFN down-projections fp32": {
            "per_channel": True,
            "nodes_to_exclude": _layer_nodes("output/dense/MatMul"),
        },
        "int8 per_channel, attention projections only": {
            "per_channel": True,
            "nodes_to_exclude": _layer_nodes("output/dense/MatMul")
            + _layer_nodes("intermediate/dense/MatMul"),
        },
    }


def _layer_nodes(suffix: str) -> list[str]:
    """Node names in the exported graph (6 encoder layers) ending in ``suffix``."""
    return [f"/inner/encoder/layer.{i}/{suffix}" for i in range(6)]


def read_locomo(path: Path, turns: int, questions: int) -> tuple[list[str], list[str]]:
    data = json.loads(path.read_text())
    all_turns: list[str] = []
    all_questions: list[str] = []
    for sample in data:
        conv = sample["conversation"]
        for key in sorted(k for k in conv if k.startswith("session_") and k[8:].isdigit()):
            all_turns.extend(t["text"] for t in conv[key] if t.get("text"))
        all_questions.extend(str(q["question"]) for q in sample["qa"])
    return _spread(all_turns, turns), _spread(all_questions, questions)


def _spread(items: list[str], n: int) -> list[str]:
    step = max(1, len(items) // n)
    return list(dict.fromkeys(items[::step]))[:n]


def onnx_runner(path: Path) -> Embed:
    import onnxruntime as ort
    from transformers import AutoTokenizer

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    tokenizer = AutoTokenizer.from_pretrained(str(packaged_model_dir()), local_files_only=True)
    return lambda texts: encode_batch(tokenizer, session, texts)


def torch_runner() -> Embed:
    embedder = SentenceTransformerEmbedder(EmbedderSettings(runtime="torch", threads=1))
    return lambda texts: np.asarray(embedder.embed(texts), dtype=np.float32)


def measure(
    runners: dict[str, Embed], turns: list[str], questions: list[str]
) -> dict[str, dict[str, Any]]:
    """Variants interleaved (each query, each batch, by every variant in turn), so the
    machine's load, which varies, weighs on all of them alike."""
    for embed in runners.values():
        embed(questions[:4])  # warm-up
    per_query: dict[str, list[float]] = {label: [] for label in runners}
    for q in questions:
        for label, embed in runners.items():
            start = time.perf_counter()
            embed([q])
            per_query[label].append((time.perf_counter() - start) * 1000)
    batch_ms = dict.fromkeys(runners, 0.0)
    turn_vectors: dict[str, list[np.ndarray]] = {label: [] for label in runners}
    for i in range(0, len(turns), 64):
        for label, embed in runners.items():
            start = time.perf_counter()
            turn_vectors[label].append(embed(turns[i : i + 64]))
            batch_ms[label] += (time.perf_counter() - start) * 1000
    return {
        label: {
            "query_ms_median": round(statistics.median(per_query[label]), 3),
            "batch64_ms_per_sentence": round(batch_ms[label] / len(turns), 3),
            "turn_vectors": np.concatenate(turn_vectors[label]),
            "question_vectors": np.concatenate(
                [embed(questions[i : i + 64]) for i in range(0, len(questions), 64)]
            ),
        }
        for label, embed in runners.items()
    }


def quality(ref: dict[str, Any], got: dict[str, Any]) -> dict[str, float]:
    cos = np.concatenate(
        [
            (ref["turn_vectors"] * got["turn_vectors"]).sum(axis=1),
            (ref["question_vectors"] * got["question_vectors"]).sum(axis=1),
        ]
    )
    top_ref = np.argsort(-(ref["question_vectors"] @ ref["turn_vectors"].T), axis=1)[:, :10]
    top_got = np.argsort(-(got["question_vectors"] @ got["turn_vectors"].T), axis=1)[:, :10]
    overlap = [len(set(a) & set(b)) / 10 for a, b in zip(top_ref, top_got, strict=True)]
    return {
        "cosine_mean": round(float(cos.mean()), 8),
        "cosine_min": round(float(cos.min()), 8),
        "top10_overlap_mean": round(float(np.mean(overlap)), 4),
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    turns, questions = read_locomo(args.locomo, args.turns, args.questions)
    load_start = os.getloadavg()
    cache = Path(args.cache_dir or tempfile.mkdtemp(prefix="graphmem-onnx-bench-"))
    fp32 = ensure_onnx(cache, "all-MiniLM-L6-v2", packaged_model_dir(), "fp32")
    runners: dict[str, Callable[[], Embed]] = {
        "torch": torch_runner,
        "fp32 ONNX": lambda: onnx_runner(fp32),
    }
    for label, options in int8_settings().items():
        out = cache / (label.replace(" ", "-") + ".onnx")
        if not out.is_file():
            quantize_int8(fp32, out, **options)
        runners[label] = lambda out=out: onnx_runner(out)
    results = measure({label: make() for label, make in runners.items()}, turns, questions)
    rows = []
    for label, res in results.items():
        row = {"embedder": label, **{k: v for k, v in res.items() if not k.endswith("vectors")}}
        row.update(quality(results["torch"], res))
        row["meets_bar"] = (
            row["cosine_mean"] >= BAR_COSINE and row["top10_overlap_mean"] >= BAR_OVERLAP
        )
        rows.append(row)
    return {
        "benchmark": "embedder runtimes, one thread",
        "data": "LoCoMo locomo10.json turns and questions (CC BY-NC 4.0), read locally",
        "turns": len(turns),
        "questions": len(questions),
        "bar": {"cosine_mean_min": BAR_COSINE, "top10_overlap_mean_min": BAR_OVERLAP},
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count()},
        "load_average_start": [round(x, 2) for x in load_start],
        "load_average_end": [round(x, 2) for x in os.getloadavg()],
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--locomo", type=Path, required=True)
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--cache-dir", help="where exported files go (default: a temp dir)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    report = run(args)
    for row in report["rows"]:
        print(json.dumps(row))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
