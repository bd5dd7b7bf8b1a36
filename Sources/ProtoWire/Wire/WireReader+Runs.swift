// WireReader+Runs.swift: counts a run of length-delimited fields that repeat the tag just read.

extension WireReader {
    /// The number of length-delimited fields, starting with the one whose tag was just read, that
    /// follow each other with the same tag bytes. Maps and repeated strings, bytes and messages
    /// reserve that many entries at their first one instead of growing (and, for a dictionary,
    /// rehashing) at every doubling.
    ///
    /// Only a hint: it stops at the first other tag, at a malformed length or at `limit`, and
    /// counts nothing that the input does not hold, so a hostile input cannot make it reserve more
    /// than one entry per two bytes of remaining input.
    @inlinable
    func lengthDelimitedRunCount(limit: Int = 4096) -> Int {
        let tagLength = pointer - tagStart
        var p = pointer
        var count = 0
        while count < limit {
            // The length varint (at most 5 bytes for a length that fits the input).
            var length = 0
            var shift = 0
            while true {
                guard p < end, shift < 35 else { return count }
                let byte = p.load(as: UInt8.self)
                p += 1
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length <= end - p else { return count }
            p += length
            count &+= 1
            guard end - p >= tagLength else { return count }
            for i in 0..<tagLength where p.load(fromByteOffset: i, as: UInt8.self) != tagStart.load(fromByteOffset: i, as: UInt8.self) {
                return count
            }
            p += tagLength
        }
        return count
    }
}
