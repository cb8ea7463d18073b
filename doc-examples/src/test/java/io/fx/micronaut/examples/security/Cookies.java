package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What a browser keeps of {@code Set-Cookie}: the cookies of a reply by name, and a {@code Cookie} header. */
final class Cookies {

    private Cookies() {
    }

    /** @return the reply's {@code Set-Cookie} headers by cookie name (the last one of a name wins) */
    static Map<String, String> set(Client.Reply reply) {
        Map<String, String> cookies = new LinkedHashMap<>();
        for (String header : reply.headers().allValues("Set-Cookie")) {
            cookies.put(header.substring(0, header.indexOf('=')).strip(), header);
        }
        return cookies;
    }

    /** @return the value of a {@code Set-Cookie} header */
    static String value(String setCookie) {
        int start = setCookie.indexOf('=') + 1;
        int end = setCookie.indexOf(';');
        return setCookie.substring(start, end < 0 ? setCookie.length() : end).strip();
    }

    /** @return the attributes of a {@code Set-Cookie} header after the value, lower case, e.g. {@code httponly}, {@code max-age=900} */
    static List<String> attributes(String setCookie) {
        String[] parts = setCookie.split(";");
        return Arrays.stream(parts).skip(1).map(p -> p.strip().toLowerCase(Locale.ROOT)).toList();
    }

    /** @return {@code Cookie: name=value; ...} as header arguments */
    static String[] header(String... nameValues) {
        StringBuilder cookie = new StringBuilder();
        for (int i = 0; i < nameValues.length; i += 2) {
            cookie.append(i == 0 ? "" : "; ").append(nameValues[i]).append('=').append(nameValues[i + 1]);
        }
        return new String[] {"Cookie", cookie.toString()};
    }

    /** @return the header arguments of both, in order */
    static String[] with(String[] first, String... more) {
        String[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
