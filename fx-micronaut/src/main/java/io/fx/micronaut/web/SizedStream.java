package io.fx.micronaut.web;

import java.io.InputStream;

/**
 * A response body streamed with a known length, written by {@link SizedStreamWriter} with a
 * {@code Content-Length} rather than chunked.
 *
 * @param stream the body
 * @param length its length in bytes
 */
record SizedStream(InputStream stream, long length) {
}
