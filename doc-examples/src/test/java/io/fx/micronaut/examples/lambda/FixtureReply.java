package io.fx.micronaut.examples.lambda;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * An answer to one of the blog's API Gateway fixtures, as the fixture tests compare it: the status, the compared
 * headers ({@code X-Request-Id}, {@code Location}, {@code Content-Type}, {@code Allow}) and the body, with ids, times
 * and list cursors (which encode ids) masked, and the body as it came.
 *
 * @param status  the status
 * @param headers the compared headers, masked
 * @param body    the body, masked
 * @param raw     the body as it came
 */
record FixtureReply(int status, Map<String, String> headers, String body, String raw) {

    private static final List<String> COMPARED = List.of("X-Request-Id", "Location", "Content-Type", "Allow");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
    private static final Pattern CURSOR = Pattern.compile("\"(next_cursor|prev_cursor)\":\"[^\"]*\"");

    /**
     * @param status  the status
     * @param headers every header, each name's values joined by {@code ", "}
     * @param body    the body, null when none
     * @param base64  whether the body is base64 (a function's answer so flagged)
     * @return the reply, masked
     */
    static FixtureReply of(int status, Map<String, String> headers, String body, boolean base64) {
        String text = body == null ? "" : base64 ? new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8)
            : body;
        Map<String, String> compared = new TreeMap<>();
        headers.forEach((header, value) -> {
            for (String name : COMPARED) {
                if (name.equalsIgnoreCase(header)) {
                    compared.put(name, mask(value));
                }
            }
        });
        return new FixtureReply(status, compared, mask(text), text);
    }

    private static String mask(String text) {
        String masked = TIME.matcher(UUID.matcher(text).replaceAll("<id>")).replaceAll("<time>");
        return CURSOR.matcher(masked).replaceAll("\"$1\":\"<cursor>\"");
    }

    /** @return whether status, compared headers and masked body equal the other's */
    boolean sameAs(FixtureReply other) {
        return status == other.status && body.equals(other.body) && headers.equals(other.headers);
    }

    @Override
    public String toString() {
        return status + " " + headers + " " + (body.length() > 400 ? body.substring(0, 400) + "..." : body);
    }
}
