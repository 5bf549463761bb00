import FlickCore
import FlickList

extension LiveTimeline {
    /// The arts the current state asks for at each placement (nil: none there).
    func arts(time: Double) -> [ListAccessory.Placement: LiveArt] {
        let phase = Int(time * configuration.spinnerFramesPerSecond) % LiveArt.spinnerPhases
        var arts: [ListAccessory.Placement: LiveArt] = [:]
        switch older {
        case .idle, .loading: arts[.footer] = .footerLoading(phase: phase)
        case .failed(let reason): arts[.footer] = .footerFailed(reason: String(reason.prefix(120)))
        case .end: arts[.footer] = .footerEnd
        }
        if isRefreshing {
            arts[.header] = .headerRefreshing(phase: phase)
        } else if engine.pullDistance > 0 {
            arts[.header] = .headerPull(armed: engine.pullDistance >= configuration.pullThreshold)
        }
        if isOffline {
            arts[.badge] = .offline
        } else if engine.rowsInsertedAbove > 0 {
            arts[.badge] = .pill(count: engine.rowsInsertedAbove)
        }
        return arts
    }

    /// Puts the current arts on the engine; one not drawn yet keeps the previous bitmap at
    /// its place until it arrives (a spinner frame, a new count), or leaves the place empty.
    func updateAccessories(time: Double) {
        let wanted = arts(time: time)
        for placement in ListAccessory.Placement.allCases {
            guard let art = wanted[placement] else {
                engine.setAccessory(nil, at: placement)
                continue
            }
            if let accessory = self.art.accessory(art, width: engine.width, scale: engine.scale) {
                engine.setAccessory(accessory, at: placement)
            } else if !art.keepsPreviousWhileDrawing {
                engine.setAccessory(nil, at: placement)
            }
        }
        if case .footerLoading = wanted[.footer], engine.compositor.layers.contains(where: { $0.role == .accessory(.footer) }) {
            statistics.loadingFooterFrames += 1
        }
    }
}

extension LiveArt {
    /// Whether the place keeps its old bitmap while this one is drawn: spinner frames and
    /// counts of the same kind do; a different kind (the footer turning into an error) does not.
    var keepsPreviousWhileDrawing: Bool {
        switch self {
        case .footerLoading, .headerRefreshing, .pill, .headerPull: true
        case .footerFailed, .footerEnd, .offline: false
        }
    }
}
