// ProtoHTTPManager+Stages.swift: installing, reading and removing the manager's call stages.

extension ProtoHTTPManager {
    /// Installs `stage` in `slot`, replacing the stage there, for the calls started after it
    /// (calls in flight keep the stages they started with). Stages stay installed whatever
    /// ``updateConfiguration(_:)`` does to the interceptors.
    public func install(_ stage: any CallStage, in slot: CallStageSlot) {
        updateStages { $0[slot] = stage }
    }

    /// Removes the stage installed in `slot`, if any, for the calls started after it.
    public func removeStage(in slot: CallStageSlot) {
        updateStages { $0[slot] = nil }
    }

    /// The stage installed in `slot`, if any.
    public func stage(in slot: CallStageSlot) -> (any CallStage)? {
        snapshot().installed[slot]
    }
}
