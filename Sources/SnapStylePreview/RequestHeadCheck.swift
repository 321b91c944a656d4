import NIOCore
import NIOHTTP1

/// Reads each request head where the request line is still as the client sent it: between the HTTP/1 decoder and
/// the conversion to HTTP types, which keeps only the path of an absolute-form target and takes the authority
/// from the first `Host` header.
///
/// - An absolute-form target (`GET http://HOST/PATH`) names the authority itself, and HTTP says to go by it rather
///   than by `Host` (RFC 9112, 3.2.2): its authority becomes the `Host` header, which the responder checks as any
///   other (421 when it is not the bound address). With two `Host` headers the head stays as it is: the responder
///   refuses those (400).
/// - A `Transfer-Encoding` other than `chunked` leaves the request's body framing unknown: the connection is closed
///   after the answer (501), so nothing of that body is read as a next request.
final class RequestHeadCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        context.fireChannelRead(wrapInboundOut(.head(Self.adjusted(head))))
    }

    /// The head as the responder should see it.
    static func adjusted(_ head: HTTPRequestHead) -> HTTPRequestHead {
        var head = head
        if let authority = absoluteFormAuthority(head.uri), head.headers["Host"].count <= 1 {
            head.headers.replaceOrAdd(name: "Host", value: authority)
        }
        let codings = head.headers["Transfer-Encoding"]
        if !codings.isEmpty, !isChunkedOnly(codings) {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        return head
    }

    /// The authority of an absolute-form target (`http://evil.example/api` → `evil.example`), nil for any other
    /// form (`/api`, `*`).
    static func absoluteFormAuthority(_ target: String) -> String? {
        guard let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        let rest = target[separator.upperBound...]
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// Whether the `Transfer-Encoding` values name `chunked` alone, the one coding the preview reads.
    static func isChunkedOnly(_ values: [String]) -> Bool {
        let codings = values.flatMap { $0.split(separator: ",") }.map {
            String($0.filter { $0 != " " && $0 != "\t" }).lowercased()
        }
        return codings == ["chunked"]
    }
}
