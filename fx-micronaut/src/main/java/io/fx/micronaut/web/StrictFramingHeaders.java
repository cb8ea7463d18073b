package io.fx.micronaut.web;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * Request headers that remember when Netty's decoder dropped a {@code Content-Length} because
 * {@code Transfer-Encoding} was present too: Netty then reads the body as chunked and forgets the
 * conflict, which a proxy in front may have resolved the other way (request smuggling).
 * {@link StrictFramingHandler} refuses such requests.
 */
final class StrictFramingHeaders extends DefaultHttpHeaders {

    private boolean lengthDropped;

    StrictFramingHeaders(boolean validate) {
        super(validate);
    }

    @Override
    public HttpHeaders remove(CharSequence name) {
        if (HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(name) && contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            lengthDropped = true;
        }
        return super.remove(name);
    }

    @Override
    public HttpHeaders remove(String name) {
        return remove((CharSequence) name);
    }

    /** @return whether the decoder dropped a Content-Length sent together with Transfer-Encoding */
    boolean lengthDropped() {
        return lengthDropped;
    }

    /** The factory the strict decoder uses for request headers. */
    static HttpHeadersFactory factory(boolean validate) {
        HttpHeadersFactory fallback = DefaultHttpHeadersFactory.headersFactory().withValidation(validate);
        return new HttpHeadersFactory() {
            @Override
            public HttpHeaders newHeaders() {
                return new StrictFramingHeaders(validate);
            }

            @Override
            public HttpHeaders newEmptyHeaders() {
                return fallback.newEmptyHeaders();
            }
        };
    }
}
