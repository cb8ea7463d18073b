package io.fx.micronaut.db.sql;

import io.micronaut.core.annotation.Internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Pure functions H2 calls (through {@code CREATE ALIAS}) to test JSON membership on text columns.
 * The column holds compact JSON written by the framework; the functions split its top level without
 * a full parse and compare each member with the candidate in its JSON forms: a string, or a bare
 * number, boolean or null literal.
 */
@Internal
public final class H2JsonFunctions {

    private H2JsonFunctions() {
    }

    /**
     * @param json      a JSON array, or null
     * @param candidate the element to look for, as text
     * @return whether an element of the array equals the candidate
     */
    public static Boolean arrayHas(String json, String candidate) {
        if (json == null || candidate == null) {
            return null;
        }
        String trimmed = json.trim();
        if (!trimmed.startsWith("[")) {
            return false;
        }
        for (String element : topLevel(trimmed)) {
            if (matches(element, candidate)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param json       a JSON object, or null
     * @param keyAndValue {@code key=value}
     * @return whether the object has that key with that value
     */
    public static Boolean objectHas(String json, String keyAndValue) {
        if (json == null || keyAndValue == null) {
            return null;
        }
        String trimmed = json.trim();
        int eq = keyAndValue.indexOf('=');
        if (!trimmed.startsWith("{") || eq < 0) {
            return false;
        }
        String key = quote(keyAndValue.substring(0, eq));
        String value = keyAndValue.substring(eq + 1);
        for (String member : topLevel(trimmed)) {
            int colon = keyEnd(member);
            if (colon > 0 && member.substring(0, colon).trim().equals(key)
                && matches(member.substring(colon + 1), value)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String element, String candidate) {
        String e = element.trim();
        return e.equals(quote(candidate)) || (!e.startsWith("\"") && e.equals(candidate.trim()));
    }

    private static int keyEnd(String member) {
        boolean inString = false;
        for (int i = 0; i < member.length(); i++) {
            char c = member.charAt(i);
            if (c == '\\' && inString) {
                i++;
            } else if (c == '"') {
                inString = !inString;
            } else if (c == ':' && !inString) {
                return i;
            }
        }
        return -1;
    }

    /** Splits the members of a JSON array or object at top-level commas. */
    private static List<String> topLevel(String json) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        boolean inString = false;
        int start = 1;
        for (int i = 1; i < json.length() - 1; i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(json.substring(start, i));
                start = i + 1;
            }
        }
        String last = json.substring(start, Math.max(start, json.length() - 1));
        if (!last.isBlank()) {
            parts.add(last);
        }
        return parts;
    }

    /** The JSON string literal of a text, with the escapes a compact JSON writer uses. */
    static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
