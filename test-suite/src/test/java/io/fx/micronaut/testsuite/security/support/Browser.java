package io.fx.micronaut.testsuite.security.support;

import io.fx.micronaut.testsuite.support.Api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a browser sends, built fluently: its cookie jar (the session it logged in to, the CSRF cookie, any
 * other), the CSRF header, an {@code Origin} or any other header; and the {@code Set-Cookie} headers of a reply.
 */
public final class Browser {

    /** The cookie of the module's cookie sessions. */
    public static final String SESSION_COOKIE = "fx_session";
    /** The double-submit CSRF cookie and the header that repeats it, by default. */
    public static final String CSRF_COOKIE = "csrf_token";
    public static final String CSRF_HEADER = "X-CSRF-Token";

    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Map<String, String> cookies = new LinkedHashMap<>();

    /** @return a browser logged in to a cookie session: the token in {@value #SESSION_COOKIE} */
    public static Browser loggedIn(String sessionToken) {
        return new Browser().cookie(SESSION_COOKIE, sessionToken);
    }

    public Browser cookie(String name, String value) {
        cookies.put(name, value);
        return this;
    }

    public Browser header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public Browser origin(String value) {
        return header("Origin", value);
    }

    /** The {@value #CSRF_HEADER} header alone. */
    public Browser token(String value) {
        return header(CSRF_HEADER, value);
    }

    /** The double-submit pair: the {@value #CSRF_COOKIE} cookie and the {@value #CSRF_HEADER} header, both the value. */
    public Browser csrf(String value) {
        return cookie(CSRF_COOKIE, value).token(value);
    }

    public Browser bearer(String token) {
        return header("Authorization", "Bearer " + token);
    }

    /** @return the headers, with the jar as one {@code Cookie} header */
    public Map<String, String> headers() {
        Map<String, String> all = new LinkedHashMap<>(headers);
        if (!cookies.isEmpty()) {
            StringBuilder cookie = new StringBuilder();
            cookies.forEach((k, v) -> cookie.append(cookie.length() == 0 ? "" : "; ").append(k).append('=').append(v));
            all.put("Cookie", cookie.toString());
        }
        return all;
    }

    public Api.Reply send(Api api, String method, String path, String body) {
        return api.send(method, path, body, headers());
    }

    public static List<String> setCookies(Api.Reply reply) {
        return reply.headers("Set-Cookie");
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
