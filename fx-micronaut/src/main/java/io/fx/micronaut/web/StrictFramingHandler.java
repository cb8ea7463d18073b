package io.fx.micronaut.web;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * Sits right after the HTTP/1 decoder and marks as failed what Netty lets through but a proxy in front
 * may read differently: a request target that is no URI, an HTTP version other than 1.0 and 1.1, {@code Content-Length} together with
 * {@code Transfer-Encoding}, an HTTP/1.1 request without exactly one {@code Host}, or any request with
 * several. Micronaut answers a failed request with 400 (rendered as {@code MALFORMED_REQUEST}), and the
 * connection is closed after the answer to any request the decoder or this handler refused, so nothing
 * that follows on it is read as a request. Netty
 * itself already refuses several differing {@code Content-Length} values and malformed lines.
 */
@ChannelHandler.Sharable
final class StrictFramingHandler extends ChannelDuplexHandler {

    static final String NAME = "fx-strict-framing";
    private static final String REFUSED_TARGET = "/bad-request";
    /** Characters {@link java.net.URI} refuses anywhere in a request target (brackets Micronaut copes with). */
    private static final String ILLEGAL = "\"<>\\^`{|}";

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request) {
            String problem = request.decoderResult().isSuccess() ? problem(request) : null;
            if (problem != null) {
                request.setDecoderResult(DecoderResult.failure(new IllegalArgumentException(problem)));
            }
            if (request.decoderResult().isFailure()) {
                HttpUtil.setKeepAlive(request, false);
                if (!wellFormedTarget(request.uri())) {
                    // Micronaut parses the URI before it looks at the decoder result; give it one it can
                    // parse, as Netty does for the requests its decoder refuses itself
                    request.setUri(REFUSED_TARGET);
                }
            }
        }
        ctx.fireChannelRead(msg);
    }

    /**
     * Every error answer carries {@code X-Request-Id}: Micronaut answers a refused HEAD request without
     * running the error rendering, so the id is added here when nothing else did.
     */
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response && response.status().code() >= 400
            && !response.headers().contains(RequestIds.HEADER)) {
            response.headers().set(RequestIds.HEADER, RequestIds.generate());
        }
        ctx.write(msg, promise);
    }

    /** @return what is wrong with the request's framing, or null */
    static String problem(HttpRequest request) {
        HttpVersion version = request.protocolVersion();
        boolean http11 = HttpVersion.HTTP_1_1.equals(version);
        if (!http11 && !HttpVersion.HTTP_1_0.equals(version)) {
            return "unsupported HTTP version";
        }
        if (!wellFormedTarget(request.uri())) {
            return "malformed request target";
        }
        HttpHeaders headers = request.headers();
        if ((headers instanceof StrictFramingHeaders strict && strict.lengthDropped())
            || (headers.contains(HttpHeaderNames.CONTENT_LENGTH) && headers.contains(HttpHeaderNames.TRANSFER_ENCODING))) {
            return "Content-Length together with Transfer-Encoding";
        }
        int hosts = headers.getAll(HttpHeaderNames.HOST).size();
        if (hosts > 1 || (http11 && hosts == 0)) {
            return "exactly one Host header is required";
        }
        return null;
    }

    /**
     * Whether every {@code %} of the request target starts an escape of two hex digits and no control
     * character, space or character {@link java.net.URI} refuses appears in it. Micronaut answers such a
     * target itself ("Malformed URI"), as a request to {@code /} outside the envelope, so it is refused here.
     */
    static boolean wellFormedTarget(String uri) {
        int length = uri.length();
        for (int i = 0; i < length; i++) {
            char c = uri.charAt(i);
            if (c == '%') {
                if (i + 2 >= length || !hex(uri.charAt(i + 1)) || !hex(uri.charAt(i + 2))) {
                    return false;
                }
                i += 2;
            } else if (c <= ' ' || c == 0x7f || ILLEGAL.indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean hex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
