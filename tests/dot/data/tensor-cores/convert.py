#!/usr/bin/env python3
"""Converts the model-validation data of Khattak and Mikaitis (MATLAB-tensor-core, model_validation/,
BSD 2-Clause, see LICENCE here) into the compact files beside this script: one line per inner product,

    a codes ; b codes ; c (fp32 bits) ; d with fp32 output (fp32 bits) [; d with fp16 output (fp16 bits)]

codes in the input format's own encoding, hex. Usage: convert.py REPO_CHECKOUT CASES
(run from this folder; the files committed here were made with CASES = 256, 128 for H200)."""
import os
import struct
import subprocess
import sys

SETS = [  # GPU, folder, input format, products per line, whether c is read (H100/H200 fp8 run with c = 0)
    ("V100", "fp16", "fp16", 4, True),
    ("A100", "fp16", "fp16", 8, True), ("A100", "bf16", "bf16", 8, True), ("A100", "tf32", "tf32", 4, True),
    ("H100", "fp16", "fp16", 16, True), ("H100", "bf16", "bf16", 16, True), ("H100", "tf32", "tf32", 4, True),
    ("H100", "E4M3", "e4m3fn", 32, False), ("H100", "E5M2", "e5m2", 32, False),
    ("H200", "fp16", "fp16", 16, True), ("H200", "bf16", "bf16", 16, True), ("H200", "tf32", "tf32", 4, True),
    ("H200", "E4M3", "e4m3fn", 32, False), ("H200", "E5M2", "e5m2", 32, False),
    ("B200", "fp16", "fp16", 16, True), ("B200", "bf16", "bf16", 16, True), ("B200", "tf32", "tf32", 4, True),
    ("B200", "E4M3", "e4m3fn", 32, True), ("B200", "E5M2", "e5m2", 32, True),
]


def fp32_to_code(bits, fmt):
    """An fp32 bit pattern that holds a value of fmt, as fmt's code (round trips are checked)."""
    f = struct.unpack("<f", struct.pack("<I", bits))[0]
    if fmt == "fp16":
        return struct.unpack("<H", struct.pack("<e", f))[0], 4
    if fmt == "bf16":
        assert bits & 0xFFFF == 0
        return bits >> 16, 4
    if fmt == "tf32":
        assert bits & 0x1FFF == 0
        return bits >> 13, 5
    exp_bits, man_bits, bias = (4, 3, 7) if fmt == "e4m3fn" else (5, 2, 15)
    sign = bits >> 31
    for code in range(1 << (exp_bits + man_bits)):
        e, m = code >> man_bits, code & ((1 << man_bits) - 1)
        v = (m / (1 << man_bits)) * 2.0 ** (1 - bias) if e == 0 else (1 + m / (1 << man_bits)) * 2.0 ** (e - bias)
        if v == abs(f):
            return (sign << (exp_bits + man_bits)) | code, 2
    raise ValueError("not a value of %s: %08x" % (fmt, bits))


def read(repo, path):
    return subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], check=True, capture_output=True,
                          text=True).stdout.split("\n")


def main():
    repo, cases = sys.argv[1], int(sys.argv[2])
    commit = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], check=True, capture_output=True,
                            text=True).stdout.strip()
    for gpu, folder, fmt, k, with_c in SETS:
        base = "model_validation/%s/%s/" % (gpu, folder)
        a = [l.split() for l in read(repo, base + "a_%s_%s.txt" % (gpu, folder)) if l.strip()]
        b = [l.split() for l in read(repo, base + "b_%s_%s.txt" % (gpu, folder)) if l.strip()]
        c = [l.strip() for l in read(repo, base + "c_%s_fp32.txt" % gpu) if l.strip()]
        d32 = [l.strip() for l in read(repo, base + "d_%s_fp32.txt" % gpu) if l.strip()]
        d16 = None
        if fmt == "fp16":
            d16 = [l.strip() for l in read(repo, base + "d_%s_fp16.txt" % gpu) if l.strip()]
        n = min(cases if gpu != "H200" else cases // 2, len(d32))
        out = ["# %s %s tensor core: %d inner products of %d %s products, measured on the GPU." % (gpu, fmt, n, k, fmt),
               "# From github.com/north-numerical-computing/MATLAB-tensor-core (commit %s)," % commit,
               "# model_validation/%s/%s; Khattak and Mikaitis, \"Accurate models of NVIDIA tensor cores\", 2025." % (gpu, folder),
               "# a codes ; b codes ; c fp32 bits ; d fp32-output bits%s" % (" ; d fp16-output bits" if d16 else ""),
               "# c is %s" % ("read from c_%s_fp32.txt" % gpu if with_c else "0 (the GPU ran D = A*B with WGMMA)")]
        for i in range(n):
            assert len(a[i]) == k and len(b[i]) == k
            codes = lambda row: " ".join("%0*x" % (w, v) for v, w in (fp32_to_code(int(x, 16), fmt) for x in row))
            fields = [codes(a[i]), codes(b[i]), "%08x" % (int(c[i], 2) if with_c else 0), "%08x" % int(d32[i], 2)]
            if d16:
                fields.append("%04x" % struct.unpack("<H", struct.pack("<e", struct.unpack("<f", struct.pack("<I", int(d16[i], 2)))[0]))[0])
            out.append(" ; ".join(fields))
        with open("%s-%s.txt" % (gpu.lower(), fmt), "w") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
