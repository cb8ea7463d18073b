package io.fx.micronaut.files.internal;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a header value with parameters ({@code form-data; name="a"; filename="b.png"}): the value under {@code ""},
 * each parameter under its lower-case name, quoted strings unquoted (a backslash escapes the next character). An
 * RFC 5987 {@code filename*} in UTF-8 takes the place of {@code filename}.
 */
final class HeaderParameters {

    private HeaderParameters() {
    }

    static Map<String, String> parse(String header) {
        Map<String, String> out = new LinkedHashMap<>();
        int i = 0;
        int n = header.length();
        int semi = indexOfUnquoted(header, 0);
        out.put("", header.substring(0, semi).trim().toLowerCase(Locale.ROOT));
        i = semi + 1;
        while (i < n) {
            int eq = header.indexOf('=', i);
            int next = indexOfUnquoted(header, i);
            if (eq < 0 || eq > next) {
                i = next + 1;
                continue;
            }
            String name = header.substring(i, eq).trim().toLowerCase(Locale.ROOT);
            String raw = header.substring(eq + 1, next).trim();
            out.put(name, unquote(raw));
            i = next + 1;
        }
        String extended = out.remove("filename*");
        if (extended != null) {
            String decoded = rfc5987(extended);
            if (decoded != null) {
                out.put("filename", decoded);
            }
        }
        return out;
    }

    /** @return the index of the next {@code ;} outside quotes, or the length */
    private static int indexOfUnquoted(String s, int from) {
        boolean quoted = false;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && quoted) {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ';' && !quoted) {
                return i;
            }
        }
        return s.length();
    }

    private static String unquote(String raw) {
        if (raw.length() < 2 || raw.charAt(0) != '"' || raw.charAt(raw.length() - 1) != '"') {
            return raw;
        }
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 1; i < raw.length() - 1; i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < raw.length() - 1) {
                c = raw.charAt(++i);
            }
            out.append(c);
        }
        return out.toString();
    }

    private static String rfc5987(String value) {
        int quote = value.indexOf("''");
        if (quote < 0 || !value.substring(0, quote).equalsIgnoreCase("utf-8")) {
            return null;
        }
        try {
            return java.net.URLDecoder.decode(value.substring(quote + 2).replace("+", "%2B"),
                java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
