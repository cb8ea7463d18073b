package io.fx.micronaut.web;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrictFramingHandlerTest {

    private static HttpRequest request(HttpVersion version, String uri, String... headers) {
        StrictFramingHeaders values = new StrictFramingHeaders(true);
        for (int i = 0; i < headers.length; i += 2) {
            values.add(headers[i], headers[i + 1]);
        }
        return new DefaultHttpRequest(version, HttpMethod.GET, uri, values);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/posts", "/api/posts?filter[0]=a:eq:b%20c", "/api/%E2%98%83", "*", "/a?b=%41"})
    void wellFormedTargetsPass(String uri) {
        assertTrue(StrictFramingHandler.wellFormedTarget(uri), uri);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/%zz", "/api/%4", "/api/%", "/a b", "/a\u0000", "/a?x={}", "/a|b", "/a\\b", "/a^", "/a\u007f"})
    void malformedTargetsFail(String uri) {
        assertFalse(StrictFramingHandler.wellFormedTarget(uri), uri);
    }

    @Test
    void aWellFramedRequestHasNoProblem() {
        assertNull(StrictFramingHandler.problem(request(HttpVersion.HTTP_1_1, "/api/posts", "Host", "x")));
        assertNull(StrictFramingHandler.problem(request(HttpVersion.HTTP_1_0, "/api/posts")));
    }

    @Test
    void hostMustBeThereOnceOnHttp11AndNeverTwice() {
        assertNotNull(StrictFramingHandler.problem(request(HttpVersion.HTTP_1_1, "/")));
        assertNotNull(StrictFramingHandler.problem(request(HttpVersion.HTTP_1_1, "/", "Host", "a", "Host", "b")));
        assertNotNull(StrictFramingHandler.problem(request(HttpVersion.HTTP_1_0, "/", "Host", "a", "Host", "a")));
    }

    @Test
    void otherVersionsAreRefused() {
        assertNotNull(StrictFramingHandler.problem(request(HttpVersion.valueOf("HTTP/1.7"), "/", "Host", "x")));
    }

    @Test
    void aContentLengthTheDecoderDroppedIsRemembered() {
        HttpRequest request = request(HttpVersion.HTTP_1_1, "/", "Host", "x", "Content-Length", "5",
            "Transfer-Encoding", "chunked");
        HttpHeaders headers = request.headers();
        headers.remove("Content-Length");
        assertTrue(((StrictFramingHeaders) headers).lengthDropped());
        assertEquals("Content-Length together with Transfer-Encoding", StrictFramingHandler.problem(request));
    }
}
