package io.fx.micronaut.db.sql;

import io.micronaut.core.annotation.Internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Pure functions H2 calls (through {@code CREATE ALIAS}) to test JSON membership on text columns.
 * The column holds compact JSON written by the framework; the functions split its top level without
 * a full parse and compare each member with the candidate in its JSON forms: a string (decoded, so
 * any escape the writer chose matches), or a bare number, boolean or null literal.
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
        String key = keyAndValue.substring(0, eq);
        String value = keyAndValue.substring(eq + 1);
        for (String member : topLevel(trimmed)) {
            int colon = keyEnd(member);
            if (colon > 0 && key.equals(unquote(member.substring(0, colon).trim()))
                && matches(member.substring(colon + 1), value)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(String element, String candidate) {
        String e = element.trim();
        if (e.startsWith("\"")) {
            return candidate.equals(unquote(e));
        }
        return e.equals(candidate.trim());
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

    /**
     * Decodes a JSON string literal. Any valid escape is accepted, whatever case its hex digits use,
     * so the match does not depend on how the JSON writer chose to escape.
     *
     * @param literal a trimmed JSON value
     * @return the decoded text, or null when the value is not a well-formed string literal
     */
    static String unquote(String literal) {
        if (literal.length() < 2 || literal.charAt(0) != '"' || literal.charAt(literal.length() - 1) != '"') {
            return null;
        }
        StringBuilder out = new StringBuilder(literal.length());
        int end = literal.length() - 1;
        for (int i = 1; i < end; i++) {
            char c = literal.charAt(i);
            if (c == '"') {
                return null;
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= end) {
                return null;
            }
            char escaped = literal.charAt(i);
            switch (escaped) {
                case '"', '\\', '/' -> out.append(escaped);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (i + 4 >= end) {
                        return null;
                    }
                    int code = 0;
                    for (int k = i + 1; k <= i + 4; k++) {
                        int digit = Character.digit(literal.charAt(k), 16);
                        if (digit < 0) {
                            return null;
                        }
                        code = code * 16 + digit;
                    }
                    out.append((char) code);
                    i += 4;
                }
                default -> {
                    return null;
                }
            }
        }
        return out.toString();
    }
}
