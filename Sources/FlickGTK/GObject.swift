import CFlickGTK
import CGtk4

/// Small bridges between Swift and GObject: pointer casts (GTK's cast macros do not reach
/// Swift) and signal connection. Main thread, like every GTK call.
enum GObject {
    /// Any GObject pointer as the `gpointer` GLib's API takes.
    static func pointer<T>(_ object: UnsafeMutablePointer<T>) -> gpointer { gpointer(object) }
    static func pointer(_ object: OpaquePointer) -> gpointer { gpointer(object) }

    /// `object` seen as another GObject type (the caller knows it is one).
    static func cast<T>(_ object: gpointer?) -> UnsafeMutablePointer<T>? { object?.assumingMemoryBound(to: T.self) }
    static func opaque(_ object: gpointer?) -> OpaquePointer? { object.map(OpaquePointer.init) }

    /// Connects a C handler to `signal` on `instance`, handing it `data`.
    @discardableResult
    static func connect<Handler>(_ instance: gpointer, _ signal: String, _ handler: Handler, data: gpointer?, after: Bool = false) -> gulong {
        flick_gtk_connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), data, after ? 1 : 0)
    }

    /// Connects a C handler to `signal` on `instance` with its own reference to `owner`, which
    /// the handler hands back as its data; the reference goes when the handler does (the
    /// instance is finalized), so nothing outlives the object it listens to.
    @discardableResult
    static func connect<Handler, Owner: AnyObject>(_ instance: gpointer, _ signal: String, _ handler: Handler, owner: Owner, after: Bool = false) -> gulong {
        let data = Unmanaged.passRetained(owner).toOpaque()
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return flick_gtk_connect_owned(instance, signal, unsafeBitCast(handler, to: GCallback.self), data, release, after ? 1 : 0)
    }
}

/// The widget as GtkWidget and as the other types GTK's functions want.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    var object: gpointer { gpointer(self) }
}
