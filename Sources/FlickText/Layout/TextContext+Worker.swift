import Foundation

extension TextContext {
    /// A context for one worker queue, or nil when the fonts cannot be set up — then that
    /// worker's rows keep their placeholders, and the reason is printed once, here. Runs on
    /// the worker's own queue (a list's `makeWorkerContext`).
    public static func forWorker() -> TextContext? {
        do {
            return try TextContext()
        } catch {
            FileHandle.standardError.write(Data("flick: text unavailable on a worker: \(error)\n".utf8))
            return nil
        }
    }
}
