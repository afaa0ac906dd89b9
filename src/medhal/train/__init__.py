"""Training the embedded verifier: data mix, cross-encoder fine-tuning, int8 ONNX export, model card.

Importing this package does not import torch; :mod:`medhal.train.trainer` and :mod:`medhal.train.export`
import it lazily inside their functions.
"""

from medhal.train.config import TrainConfig, TrainReport

__all__ = ["TrainConfig", "TrainReport", "train_verifier"]


def __getattr__(name: str) -> object:
    if name == "train_verifier":
        from medhal.train.pipeline import train_verifier

        return train_verifier
    raise AttributeError(name)
