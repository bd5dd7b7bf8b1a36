#!/usr/bin/env bash
# regenerate.sh: regenerates the committed ProtoWire, swift-protobuf and protobuf-c code for the Protos/ schemas.
#
# The generated code is committed so that codec-bench builds without building protoc-gen-swift.
# Run this after changing a file in Protos/ (bench.proto, catalog.proto, records.proto), or after a change to protoc-gen-protohttp.
#
# Needs: protoc (Debian protobuf-compiler), protoc-c (protobuf-c-compiler), git and swift.
# protoc-gen-swift is built from apple/swift-protobuf at the exact version Package.swift pins,
# from SWIFT_PROTOBUF_GIT (default: the GitHub repository; set it to a local mirror if you have one).
#
# Sources/BenchProtoWire/*.pb.swift are protoc-gen-protohttp output (binary and JSON code);
# regenerate them after every generator change. PROTOWIRE_ONLY=1 regenerates just those files
# (no swift-protobuf checkout, no protoc-c). After adding a source file to ../Sources, delete
# .build/release/description.json before building: the cached build plan does not see it.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
version="1.39.0"
repo="${SWIFT_PROTOBUF_GIT:-https://github.com/apple/swift-protobuf.git}"
work="${SWIFT_PROTOBUF_CHECKOUT:-${TMPDIR:-/tmp}/swift-protobuf-$version}"

if [ "${PROTOWIRE_ONLY:-0}" != 1 ] && [ ! -x "$work/.build/release/protoc-gen-swift" ]; then
    if [ ! -d "$work/.git" ]; then
        git clone --quiet "$repo" "$work"
    fi
    git -C "$work" checkout --quiet "$version"
    swift build --package-path "$work" -c release --product protoc-gen-swift
fi

# ProtoWire: our own generator, built from the parent package.
swift build --package-path "$here/.." --product protoc-gen-protohttp >/dev/null
ours="$(swift build --package-path "$here/.." --show-bin-path)/protoc-gen-protohttp"

cd "$here/Protos"
protos=(bench.proto catalog.proto records.proto)

protoc --plugin=protoc-gen-protohttp="$ours" \
    --protohttp_out=Visibility=Public:"$here/Sources/BenchProtoWire" \
    "${protos[@]}"

if [ "${PROTOWIRE_ONLY:-0}" = 1 ]; then
    echo "regenerated Sources/BenchProtoWire from ${protos[*]} in $here/Protos"
    exit 0
fi

# swift-protobuf: public types, so the codec-bench module can use them.
protoc --plugin=protoc-gen-swift="$work/.build/release/protoc-gen-swift" \
    --swift_opt=Visibility=Public \
    --swift_out="$here/Sources/BenchSwiftProtobuf" \
    "${protos[@]}"

# protobuf-c: <name>.pb-c.c and <name>.pb-c.h next to the hand-written C of the same target.
protoc-c --c_out="$here/Sources/BenchProtobufC" "${protos[@]}"

echo "regenerated from ${protos[*]} in $here/Protos (swift-protobuf $version, $(protoc-c --version | head -1))"
