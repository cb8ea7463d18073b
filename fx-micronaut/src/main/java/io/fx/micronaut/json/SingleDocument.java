package io.fx.micronaut.json;

import io.micronaut.core.annotation.Internal;

/**
 * Finds content after the first top-level JSON object of a body that a parser accepted: a parser
 * reading one value stops there and silently ignores {@code {...} garbage} or {@code {...}{...}}.
 */
@Internal
final class SingleDocument {

    private SingleDocument() {
    }

    /**
     * @param body UTF-8 bytes whose first value parsed as a JSON object
     * @return whether only whitespace follows that object
     */
    static boolean isSingleObject(byte[] body) {
        int i = skipBom(body);
        int depth = 0;
        boolean inString = false;
        for (i = skipWhitespace(body, i); i < body.length; i++) {
            byte b = body[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
                continue;
            }
            if (b == '"') {
                inString = true;
            } else if (b == '{' || b == '[') {
                depth++;
            } else if (b == '}' || b == ']') {
                depth--;
                if (depth == 0) {
                    return skipWhitespace(body, i + 1) == body.length;
                }
            }
        }
        return false;
    }

    private static int skipBom(byte[] body) {
        boolean bom = body.length >= 3 && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB && (body[2] & 0xFF) == 0xBF;
        return bom ? 3 : 0;
    }

    private static int skipWhitespace(byte[] body, int from) {
        int i = from;
        while (i < body.length && (body[i] == ' ' || body[i] == '\t' || body[i] == '\n' || body[i] == '\r')) {
            i++;
        }
        return i;
    }
}
