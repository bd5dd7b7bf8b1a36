# json_oracle.py: cross-checks the testee's proto3 JSON against Google's Python protobuf (json_format).
"""Usage: python json_oracle.py [--testee PATH] [--seed N] [--proto3 N] [--proto2 N] [--only random|table]

Generates _pb2.py modules for ../shared/conformance and Protos/test with protoc into a temporary
folder, starts the conformance testee (built by scripts/conformance-testee unless --testee is
given) and runs:
  * seeded random TestAllTypesProto3/Proto2 messages through the testee, JSON in and JSON out
    (round_trips.py), and
  * the edge-case table (edge_cases.py) through both Python's json_format and the testee.
Prints every failure with the seed and a minimal diff, then a closing count line; exits 1 on any
failure (a `skipped` answer from the testee counts as a failure unless --allow-skipped)."""
import argparse
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import schemas  # noqa: E402


def log(message):
    print(message, flush=True)


def build_testee():
    log("building the testee with scripts/conformance-testee ...")
    run = subprocess.run(["bash", os.path.join(ROOT, "scripts/conformance-testee")], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"json-oracle: scripts/conformance-testee failed ({run.returncode}):\n{run.stderr[-4000:]}")
    return run.stdout.strip().splitlines()[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--testee", help="the testee executable (default: build it with scripts/conformance-testee)")
    parser.add_argument("--conformance", default=os.environ.get("CONFORMANCE_PROTOS", os.path.join(ROOT, "../shared/conformance")))
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random, printed)")
    parser.add_argument("--proto3", type=int, default=300, help="random TestAllTypesProto3 messages (default 300)")
    parser.add_argument("--proto2", type=int, default=100, help="random TestAllTypesProto2 messages (default 100)")
    parser.add_argument("--only", choices=["random", "table"], help="run one half only")
    parser.add_argument("--allow-skipped", action="store_true", help="do not fail on `skipped` answers")
    parser.add_argument("--show", type=int, default=8, help="failures shown in full (default 8)")
    args = parser.parse_args()

    seed = args.seed if args.seed is not None else int(os.environ.get("ORACLE_SEED", random.SystemRandom().randrange(10**9)))
    started = time.monotonic()
    import google.protobuf
    log(f"json-oracle: seed {seed} (rerun with --seed {seed}); protobuf {google.protobuf.__version__}")
    mods = schemas.generate(os.path.abspath(args.conformance), os.path.join(ROOT, "Protos/test"))

    import compare  # noqa: F401  (needs the runtime, imported after generation for clarity)
    import edge_cases
    import edge_table
    import round_trips
    from testee import PROTO2, PROTO3, Testee

    p3 = mods["test_messages_proto3_pb2"].TestAllTypesProto3
    p2 = mods["test_messages_proto2_pb2"].TestAllTypesProto2
    extensions = list(mods["test_messages_proto2_pb2"].DESCRIPTOR.extensions_by_name.values())
    testee = Testee(args.testee or build_testee(), mods["conformance_pb2"])
    tally = round_trips.Tally()
    deviations, pending = [], []
    try:
        if args.only != "table":
            round_trips.run(testee, {PROTO3: p3, PROTO2: p2}, {PROTO3: args.proto3, PROTO2: args.proto2}, seed, tally, log,
                            extensions=extensions)
        if args.only != "random":
            deviations, pending = edge_table.run(edge_cases.CASES, {"proto3": (PROTO3, p3), "proto2": (PROTO2, p2)},
                                                 testee, tally, log)
    finally:
        testee.close()

    if deviations:
        log(f"Google's Python deviates from the table on {len(deviations)} documented cases (see edge_cases.py): "
            + "; ".join(name for name, _, _ in deviations))
    for label, reason, got in pending:
        log(f"PENDING {label}: {reason}; the testee gives {got}")
    if tally.skipped:
        reasons = sorted({r for _, r in tally.skipped})
        log(f"SKIPPED by the testee: {len(tally.skipped)} checks ({'; '.join(reasons)}), e.g. {tally.skipped[0][0]}")
    for title, details in tally.failed[:args.show]:
        log(f"\nFAIL {title}\n{details}")
    if len(tally.failed) > args.show:
        log(f"\n... and {len(tally.failed) - args.show} more failures:")
        for title, _ in tally.failed[args.show:args.show + 60]:
            log(f"  FAIL {title}")
    if testee.crashes:
        log(f"the testee died {len(testee.crashes)} times (exit statuses {testee.crashes})")
    failed = len(tally.failed) + (0 if args.allow_skipped else len(tally.skipped))
    log(f"\njson-oracle: seed {seed}, {time.monotonic() - started:.1f}s, {len(deviations)} documented Python deviations, "
        f"{len(pending)} pending")
    log(f"oracle: {tally.passed} passed, {failed} failed, {len(tally.skipped)} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
