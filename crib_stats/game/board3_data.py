"""The committed three-player boards (``data/board_three-player.npz``): the board of
:mod:`.board3` to 121 and to 61, solved from the committed deal model (``game --variant
three-player --out DIR``, ``make data``) and stored rounded, so that no machine solves it again
(509 s to 121 on the development machine).

The rounding is stated and bounded, far inside every figure's own error:

- each turn's P(win) and P(skunked) to the nearest 1/65535 (at most 7.7e-6 off); the dealer's
  P(win) is not stored but is one minus the other two turns' (at most 1.6e-5 off);
- the deals left to the nearest 1e-6 (their jackknife error is 0.0003 near the end, 0.0015 at
  the start);
- every jackknife error rounded *up* to a multiple of 1e-6 (never smaller than the solve's).

Each figure is stored as its rounded integers' differences along the dealer's score (small
numbers, since the board is smooth), wrapped to 16 bits (the deals: 32) and compressed with
LZMA: 4.2 MB to 121 against 99 MB of float32. Decoding is exact integer arithmetic (the running
sum modulo 2**16, the deals' modulo 2**32).
The file names the deal model it was solved from (the SHA-256 of its bytes), and a test solves
a corner of each board again (:func:`crib_stats.kernels.board3.induction3` with ``lo``) and
finds the stored figures there.

>>> import numpy as np
>>> v = np.random.default_rng(0).random((7, 3, 3, 3))
>>> v[:3] /= v[:3].sum(axis=0)  # the three P(win)s sum to one
>>> got, se = decode(encode(v, v * 0 + 1.44e-5), 3)  # errors rounded up to a multiple of 1e-6
>>> bool(np.abs(got[:6] - v[:6]).max() <= 1 / 65535), round(float(se.max()), 9)
(True, 1.5e-05)
"""

from __future__ import annotations

import hashlib
import lzma

import numpy as np

FILE = "board_three-player.npz"
TARGETS = (121, 61)
P_SCALE = 65535  # a probability's unit: 1/65535
DEALS_SCALE = 1_000_000  # the deals left's unit: 1e-6 (32 bits)
SE_SCALE = 1_000_000  # an error's unit: 1e-6, rounded up
STORED = (0, 1, 3, 4, 5, 6)  # the figures stored (F3_*): turns 0 and 1's P(win), every P(skunked), the deals
ROUNDING = ("P(win) and P(skunked) to the nearest 1/65535 (the dealer's P(win) is one minus the others'), the deals "
            "left to the nearest 1e-6, every error rounded up to a multiple of 1e-6")


def _pack(q: np.ndarray, dtype=np.uint16) -> np.ndarray:
    """Integers (…, T) as LZMA-compressed differences along the last axis (wrapped to ``dtype``), uint8."""
    d = np.diff(q.astype(np.int64), axis=-1, prepend=0).astype(dtype)  # wrapped mod 2**bits
    return np.frombuffer(lzma.compress(d.tobytes(), preset=6), np.uint8)


def _unpack(b: np.ndarray, shape: tuple, dtype=np.uint16) -> np.ndarray:
    d = np.frombuffer(lzma.decompress(b.tobytes()), dtype).reshape(shape)
    return np.cumsum(d, axis=-1, dtype=dtype)  # the running sum mod 2**bits undoes the wrapped differences


def encode(values: np.ndarray, se: np.ndarray) -> dict:
    """One board's arrays for the file: ``values`` and ``se`` (N_F3, T, T, T) by turn."""
    from ..kernels.board3 import F3_DEALS

    out = {}
    for f in STORED:
        scale, dtype = (DEALS_SCALE, np.uint32) if f == F3_DEALS else (P_SCALE, np.uint16)
        q = np.rint(values[f].astype(np.float64) * scale)
        if q.max() > np.iinfo(dtype).max or q.min() < 0:
            raise ValueError(f"figure {f} out of the stored range")
        out[f"v{f}"] = _pack(q, dtype)
    for f in range(se.shape[0]):
        if not np.isfinite(se[f]).all():
            raise ValueError(f"error {f} is not finite: the boards are stored with their jackknife errors")
        q = np.ceil(se[f].astype(np.float64) * SE_SCALE - 1e-9)
        if q.max() >= 2**16:
            raise ValueError(f"error {f} out of the stored range")
        out[f"s{f}"] = _pack(np.maximum(q, 0))
    return out


def decode(arrays: dict, T: int) -> tuple[np.ndarray, np.ndarray]:
    """(values, se) float32 (N_F3, T, T, T) of one board's arrays."""
    from ..kernels.board3 import F3_DEALS, F3_WIN, N_F3

    shape = (T, T, T)
    values = np.zeros((N_F3,) + shape, np.float32)
    se = np.zeros((N_F3,) + shape, np.float32)
    for f in STORED:
        scale, dtype = (DEALS_SCALE, np.uint32) if f == F3_DEALS else (P_SCALE, np.uint16)
        values[f] = _unpack(arrays[f"v{f}"], shape, dtype) / np.float64(scale)
    values[F3_WIN + 2] = np.clip(1.0 - values[F3_WIN] - values[F3_WIN + 1], 0.0, 1.0)
    for f in range(N_F3):
        se[f] = _unpack(arrays[f"s{f}"], shape) / np.float32(SE_SCALE)
    return values, se


def model_digest(path) -> str:
    """The SHA-256 of the deal model file the boards are solved from."""
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def file_arrays(boards: dict, model_path) -> dict:
    """Everything the file holds: each board's arrays under ``t{target}/``, and the digest of
    the model file."""
    out = {"model_sha256": np.array(model_digest(model_path))}
    for T, (values, se) in boards.items():
        out |= {f"t{T}/{k}": v for k, v in encode(values, se).items()}
    return out


def read(T: int, path=None) -> tuple[np.ndarray, np.ndarray, str]:
    """(values, se, the model's digest) of the committed board to ``T``."""
    from crib_stats.core.data import data_file

    path = data_file(FILE, must_exist=True) if path is None else path
    with np.load(path) as z:
        if f"t{T}/v0" not in z.files:
            from .model import GameError

            raise GameError(f"{FILE} has no board to {T} (make data writes the boards to {', '.join(map(str, TARGETS))})")
        arrays = {k.split("/", 1)[1]: z[k] for k in z.files if k.startswith(f"t{T}/")}
        digest = str(z["model_sha256"])
    values, se = decode(arrays, T)
    return values, se, digest


__all__ = ["FILE", "TARGETS", "ROUNDING", "encode", "decode", "file_arrays", "read", "model_digest"]
