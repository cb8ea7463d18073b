package io.fx.micronaut.testsuite.security.csrf;

import io.fx.micronaut.testsuite.support.Api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Request headers of the CSRF tests built fluently, and the {@code Set-Cookie} headers of a reply. */
public final class Browser {

    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Map<String, String> cookies = new LinkedHashMap<>();

    static Browser session(String sessionId) {
        return new Browser().cookie(TestSessions.COOKIE, sessionId);
    }

    Browser cookie(String name, String value) {
        cookies.put(name, value);
        return this;
    }

    Browser header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    Browser origin(String value) {
        return header("Origin", value);
    }

    Browser token(String value) {
        return header("X-CSRF-Token", value);
    }

    Map<String, String> headers() {
        Map<String, String> all = new LinkedHashMap<>(headers);
        if (!cookies.isEmpty()) {
            StringBuilder cookie = new StringBuilder();
            cookies.forEach((k, v) -> cookie.append(cookie.length() == 0 ? "" : "; ").append(k).append('=').append(v));
            all.put("Cookie", cookie.toString());
        }
        return all;
    }

    Api.Reply send(Api api, String method, String path, String body) {
        return api.send(method, path, body, headers());
    }

    public static List<String> setCookies(Api.Reply reply) {
        return reply.headers().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("Set-Cookie"))
            .flatMap(e -> e.getValue().stream()).toList();
    }

    /** @return the {@code Set-Cookie} header of the named cookie */
    public static Optional<String> setCookie(Api.Reply reply, String name) {
        return setCookies(reply).stream().filter(c -> c.startsWith(name + "=")).findFirst();
    }

    /** @return the value the reply sets the named cookie to */
    public static String value(Api.Reply reply, String name) {
        return value(setCookie(reply, name).orElseThrow(() -> new AssertionError("no " + name + " cookie: " + reply)));
    }

    /** @return the value of a {@code Set-Cookie} header */
    public static String value(String setCookie) {
        int end = setCookie.indexOf(';');
        return setCookie.substring(setCookie.indexOf('=') + 1, end < 0 ? setCookie.length() : end);
    }
}
