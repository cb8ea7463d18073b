package io.fx.micronaut.testsuite.web.cors;

import io.fx.micronaut.testsuite.support.RawHttp;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sends cross-origin requests over a raw socket (exact headers, no client additions) and reads envelopes. */
final class CorsExchange {

    private final RawHttp raw;
    private final JsonMapper json;
    private final String host;

    CorsExchange(int port, JsonMapper json, String host) {
        this.raw = new RawHttp("127.0.0.1", port);
        this.json = json;
        this.host = host;
    }

    /** Sends a request; {@code headers} are "Name: value" lines. */
    RawHttp.Answer send(String method, String target, String... headers) {
        return sendJson(method, target, "", headers);
    }

    /** Sends a request with a JSON body (none when empty). */
    RawHttp.Answer sendJson(String method, String target, String body, String... headers) {
        StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
            .append("Host: ").append(host).append("\r\n");
        for (String header : headers) {
            request.append(header).append("\r\n");
        }
        if (!body.isEmpty()) {
            request.append("Content-Type: application/json\r\nContent-Length: ")
                .append(body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).append("\r\n");
        }
        return raw.send(request.append("\r\n").append(body).toString());
    }

    /** A preflight for {@code method} from {@code origin}, with further header lines. */
    RawHttp.Answer preflight(String target, String origin, String method, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Origin: " + origin;
        all[1] = "Access-Control-Request-Method: " + method;
        System.arraycopy(headers, 0, all, 2, headers.length);
        return send("OPTIONS", target, all);
    }

    /** Asserts the status, the envelope shape, its code and a request id; returns the message. */
    @SuppressWarnings("unchecked")
    String assertEnvelope(RawHttp.Answer answer, int status, String code) {
        assertEquals(status, answer.status(), answer.toString());
        assertNotNull(answer.header("X-Request-Id"), "X-Request-Id on " + answer);
        String contentType = answer.header("Content-Type");
        assertTrue(contentType != null && contentType.startsWith("application/json"), answer.toString());
        Map<String, Object> body;
        try {
            body = json.readValue(answer.body(), Map.class);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + answer, e);
        }
        assertEquals(Set.of("error"), body.keySet(), answer.toString());
        Map<String, Object> error = (Map<String, Object>) body.get("error");
        assertEquals(code, error.get("code"), answer.toString());
        return (String) error.get("message");
    }

    /** @return every value of a header, split at commas and trimmed (Micronaut sends one line per value) */
    static List<String> values(RawHttp.Answer answer, String name) {
        return answer.headers().getOrDefault(name.toLowerCase(java.util.Locale.ROOT), List.of()).stream()
            .flatMap(line -> java.util.Arrays.stream(line.split(",")))
            .map(String::trim).filter(value -> !value.isEmpty()).toList();
    }
}
