#!/usr/bin/env python3
# An independent PyTorch model of core/train's network and training loop, for the speed comparison
# in tests/bench/TrainBench.cpp: the fp32 recipe trained in fp32 on the CPU, validation included.
# It mirrors core/train/Model.h (ModelShape, the parameter tensors and their initialisation),
# Transformer.cpp and Kernels.cpp (the forward pass), Optimizer.cpp (AdamW and clipping),
# Trainer.h/.cpp (TrainConfig, learningRateAt(), the validation windows and cadence) and Corpus.cpp
# (normalisation, alphabet and train/validation split of resources/corpus/devils-dictionary.txt).
# It shares no code with the lab: its random initial weights and batches are its own, so its loss
# matches the lab's closely but not bit for bit.
#
#   python3 tests/bench/train_reference.py [--steps 300] [--threads 1] [--batch 16]
#
# Prints one line of JSON: {"seconds", "steps", "threads", "final_val_bits_per_char", "torch"},
# the seconds being the training loop's wall time, validation included. Progress goes to stderr.
# Exits 2 when PyTorch is not installed.

import argparse
import json
import math
import re
import sys
import time
from pathlib import Path

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    sys.stderr.write("train_reference.py: PyTorch is not installed (Debian: apt-get install python3-torch)\n")
    sys.exit(2)

CORPUS = Path(__file__).resolve().parents[2] / "resources" / "corpus" / "devils-dictionary.txt"

# ModelShape (vocabulary is the corpus's).
CONTEXT = 96
WIDTH = 32
LAYERS = 2
HEADS = 2
HIDDEN = 128
INIT_STD = 0.02
NORM_EPSILON = 1e-5

# TrainConfig and AdamSettings.
PEAK_LEARNING_RATE = 3e-3
FINAL_LEARNING_RATE = 3e-4
WEIGHT_DECAY = 0.1
BETAS = (0.9, 0.95)
ADAM_EPSILON = 1e-8
CLIP = 1.0
EVAL_EVERY = 25
EVAL_SEQUENCES = 64
SEED = 0

VALIDATION_BLOCK = 1000  # Corpus::kBlock: every tenth block is held out


def load_corpus(path):
    """Corpus::fromText: lower case; only space and . , ; : ' " ! ? - ( ) a-z kept (so '_' goes);
    each run of white space one space, none at either end; ids in byte order of the characters."""
    text = path.read_bytes().lower()
    text = re.sub(rb"[^ \t\n\r\f\v!\"'(),\-.:;?a-z]", b"", text)
    text = re.sub(rb"[ \t\n\r\f\v]+", b" ", text).strip(b" ")
    alphabet = sorted(set(text))
    lookup = torch.zeros(256, dtype=torch.long)
    lookup[alphabet] = torch.arange(len(alphabet))
    ids = lookup[torch.tensor(list(text))]
    held_out = (torch.arange(len(ids)) // VALIDATION_BLOCK) % 10 == 9
    return len(alphabet), ids[~held_out], ids[held_out]


def rms_norm(x, gain):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + NORM_EPSILON) * gain


class Transformer(torch.nn.Module):
    """Token and position embeddings; pre-norm blocks of causal multi-head attention and a tanh-GELU
    MLP on the residual stream; a final RMSNorm and an untied head. No biases; matrices are stored
    (in, out) and applied as x @ W, as the lab's flat layout has them."""

    def __init__(self, vocabulary):
        super().__init__()

        def normal(*shape):
            return torch.nn.Parameter(torch.randn(*shape) * INIT_STD)

        def gain():
            return torch.nn.Parameter(torch.ones(WIDTH))

        self.embedding = normal(vocabulary, WIDTH)
        self.position = normal(CONTEXT, WIDTH)
        self.layers = torch.nn.ModuleList()
        for _ in range(LAYERS):
            layer = torch.nn.Module()
            layer.norm1 = gain()
            layer.qkv = normal(WIDTH, 3 * WIDTH)
            layer.out = normal(WIDTH, WIDTH)
            layer.norm2 = gain()
            layer.up = normal(WIDTH, HIDDEN)
            layer.down = normal(HIDDEN, WIDTH)
            self.layers.append(layer)
        self.norm = gain()
        self.head = normal(WIDTH, vocabulary)
        self.register_buffer("causal", torch.ones(CONTEXT, CONTEXT).tril().bool())

    def attention(self, x, layer):
        batch, t, _ = x.shape
        head_width = WIDTH // HEADS
        # The qkv product's columns are q | k | v, each split into HEADS heads of head_width columns.
        q, k, v = (x @ layer.qkv).view(batch, t, 3, HEADS, head_width).permute(2, 0, 3, 1, 4)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(head_width)
        probs = scores.masked_fill(~self.causal[:t, :t], float("-inf")).softmax(-1)
        attended = (probs @ v).transpose(1, 2).reshape(batch, t, WIDTH)
        return attended @ layer.out

    def forward(self, inputs):
        stream = self.embedding[inputs] + self.position[: inputs.shape[1]]
        for layer in self.layers:
            stream = stream + self.attention(rms_norm(stream, layer.norm1), layer)
            mlp = F.gelu(rms_norm(stream, layer.norm2) @ layer.up, approximate="tanh")
            stream = stream + mlp @ layer.down
        return rms_norm(stream, self.norm) @ self.head


def loss_of(model, inputs, targets):
    """Mean cross-entropy in nats over every position of the batch."""
    logits = model(inputs)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def learning_rate_at(step, steps):
    """learningRateAt(): cosine from peak to final over steps 0 .. steps - 1."""
    if steps <= 1:
        return PEAK_LEARNING_RATE
    progress = step / (steps - 1)
    return FINAL_LEARNING_RATE + 0.5 * (PEAK_LEARNING_RATE - FINAL_LEARNING_RATE) * (1 + math.cos(math.pi * progress))


def windows(text, starts):
    """Inputs and targets of the CONTEXT-character windows starting at `starts`."""
    index = starts[:, None] + torch.arange(CONTEXT + 1)
    chunk = text[index]
    return chunk[:, :-1], chunk[:, 1:]


def validation_batches(text, batch):
    """Trainer::validationBitsPerChar's windows: EVAL_SEQUENCES rounded up to whole batches, spread
    evenly over the validation text."""
    count = -(-EVAL_SEQUENCES // batch) * batch
    span = len(text) - CONTEXT - 1
    starts = torch.tensor([w * span // (count - 1) if count > 1 else 0 for w in range(count)])
    return [windows(text, part) for part in starts.split(batch)]


@torch.no_grad()
def validation_bits_per_char(model, batches):
    total = sum(loss_of(model, inputs, targets).item() for inputs, targets in batches)
    return total / len(batches) / math.log(2)


def train(model, training, batches, steps, batch, generator):
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=PEAK_LEARNING_RATE, betas=BETAS, eps=ADAM_EPSILON, weight_decay=WEIGHT_DECAY
    )
    last_window = len(training) - CONTEXT - 1  # Trainer::batchFor: starts uniform in [0, last_window)
    bits_per_char = None
    for step in range(steps):
        for group in optimizer.param_groups:
            group["lr"] = learning_rate_at(step, steps)
        inputs, targets = windows(training, torch.randint(last_window, (batch,), generator=generator))
        loss = loss_of(model, inputs, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), CLIP)
        optimizer.step()
        done = step + 1
        if done % EVAL_EVERY == 0 or done == steps:
            bits_per_char = validation_bits_per_char(model, batches)
            print(f"step {done}: train {loss.item():.4f} nats/char, validation {bits_per_char:.4f} bits/char",
                  file=sys.stderr)
    return bits_per_char


def main():
    parser = argparse.ArgumentParser(description="PyTorch reference of the training lab's fp32 run")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--batch", type=int, default=16)
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(SEED)
    vocabulary, training, validation = load_corpus(CORPUS)
    batches = validation_batches(validation, args.batch)
    model = Transformer(vocabulary)
    generator = torch.Generator().manual_seed(SEED)
    parameters = sum(p.numel() for p in model.parameters())
    print(f"vocabulary {vocabulary}, {parameters} parameters, batch {args.batch} x {CONTEXT}", file=sys.stderr)

    start = time.perf_counter()
    bits_per_char = train(model, training, batches, args.steps, args.batch, generator)
    seconds = time.perf_counter() - start

    print(json.dumps({
        "seconds": round(seconds, 3),
        "steps": args.steps,
        "threads": args.threads,
        "final_val_bits_per_char": round(bits_per_char, 4),
        "torch": torch.__version__,
    }))


if __name__ == "__main__":
    main()
