// WireReader+Scopes.swift: the nested scopes (submessage, group) a WireReader enters and leaves.

extension WireReader {
    /// Runs `body` inside a submessage scope: the limit narrowed to the next `length` bytes
    /// (already checked against the input by ``readLength()``), no group open, one level
    /// deeper. The outer `end`, `openGroup` and `depth` come back when `body` returns and
    /// when it throws, as swift-protobuf's sub-decoder leaves its parent untouched.
    ///
    /// ```
    /// before:  ...[len][ length bytes ......... ][next field] ...
    ///                  ^pointer                                   end^
    /// inside:          ^pointer    end (scope)^
    /// after:   end, openGroup, depth as before; pointer wherever `body` left it
    /// ```
    @inlinable @inline(__always)
    mutating func withMessageScope<Result>(
        length: Int, _ body: (inout WireReader) throws(WireError) -> Result
    ) throws(WireError) -> Result {
        try enterNesting()
        let savedEnd = end
        let savedGroup = openGroup
        end = pointer + length
        openGroup = 0
        defer {
            end = savedEnd
            openGroup = savedGroup
            depth &-= 1
        }
        return try body(&self)
    }

    /// Runs `body` inside the group whose start tag for `fieldNumber` was just read: the limit
    /// stays, `openGroup` names the field whose end-group tag closes it, one level deeper.
    /// `body` reads until ``readTag()`` returns `nil`; the scope then throws unless that was the
    /// group's end-group tag rather than the end of the enclosing message. The outer
    /// `openGroup` and `depth` come back on return and on throw.
    @inlinable @inline(__always)
    mutating func withGroupScope<Result>(
        _ fieldNumber: Int, _ body: (inout WireReader) throws(WireError) -> Result
    ) throws(WireError) -> Result {
        let groupStart = tagStart
        try enterNesting()
        let savedGroup = openGroup
        openGroup = fieldNumber
        closedGroup = false
        defer {
            closedGroup = false
            openGroup = savedGroup
            depth &-= 1
        }
        let result = try body(&self)
        guard closedGroup else {
            throw WireError(.truncated, offset: offset(groupStart),
                            "group for field \(fieldNumber) has no end-group tag before the end of its message")
        }
        return result
    }

    /// Counts one more level of nesting, throwing past ``DecodingOptions/maxDepth``.
    @inlinable
    mutating func enterNesting() throws(WireError) {
        guard depth < maxDepth else {
            throw WireError(.depthLimitExceeded, offset: offset(pointer),
                            "messages are nested deeper than the limit of \(maxDepth); raise DecodingOptions.maxDepth if this input is trusted")
        }
        depth &+= 1
    }
}
