package io.fx.micronaut.json;

import io.fx.micronaut.exception.ValidationViolation;
import io.micronaut.serde.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The direct writer answers exactly the bytes the Jackson-backed mapper writes for the same plain values. */
class PlainJsonWriterTest {

    private final ObjectMapper mapper = ObjectMapper.getDefault();
    private final JsonCodec codec = new JsonCodec(mapper);

    private void assertSameAsMapper(Object value) throws IOException {
        byte[] expected = mapper.writeValueAsBytes(value);
        byte[] actual = codec.writeBytes(value);
        assertArrayEquals(expected, actual, () -> new String(expected, StandardCharsets.UTF_8) + " vs "
            + new String(actual, StandardCharsets.UTF_8));
    }

    @Test
    void rawJsonIsSplicedInAsItIs() throws IOException {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("version", 3L);
        row.put("diff", new io.fx.micronaut.model.RawJson("{\"title\":{\"old\":\"é\",\"new\":null}}"));
        row.put("list", List.of(new io.fx.micronaut.model.RawJson("[1,2.5,\"x\"]")));
        assertEquals("{\"version\":3,\"diff\":{\"title\":{\"old\":\"é\",\"new\":null}},\"list\":[[1,2.5,\"x\"]]}",
            new String(codec.writeBytes(row), StandardCharsets.UTF_8));
    }

    @Test
    void scalars() throws IOException {
        for (Object value : Arrays.asList(true, false, 0L, -42L, Long.MAX_VALUE, 7, 1.5d, -0.0d, 1e21d, 1e-7d,
            123456789.125d, new BigDecimal("12.50"), new BigInteger("123456789012345678901234567890"), "", "plain")) {
            assertSameAsMapper(value);
        }
    }

    @Test
    void stringsWithEveryKindOfCharacter() throws IOException {
        StringBuilder control = new StringBuilder();
        for (char c = 0; c < 0x20; c++) {
            control.append(c);
        }
        for (String text : List.of(control.toString(), "quote \" backslash \\ slash / del \u007f",
            "é ü ß", "中文字符", "emoji \ud83d\ude00 end", "\u2028\u2029", "x".repeat(5000) + "\n\u00e9")) {
            assertSameAsMapper(text);
            assertSameAsMapper(Map.of("k", text));
        }
    }

    @Test
    void nestedRecordsAndPages() throws IOException {
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", "0fe5e342-4f15-4cbe-b511-8b80cab76c8" + (i % 10));
            row.put("created_at", "2026-11-22T05:19:23.414113Z");
            row.put("views", (long) i * 1000);
            row.put("rating", i % 3 == 0 ? null : i / 7.0);
            row.put("labels", List.of("a", "b\"c"));
            row.put("attributes", Map.of("n", 1L, "nested", Map.of("deep", List.of(true, false))));
            row.put("author", i % 2 == 0 ? null : Map.of("name", "Ann"));
            rows.add(row);
        }
        assertSameAsMapper(Map.of("data", rows, "meta", Map.of("total", 50L, "page", 1L)));
    }

    @Test
    void beansGoThroughTheMapper() {
        ValidationViolation violation = new ValidationViolation("title", "required", "title is required");
        String json = codec.writeString(Map.of("details", List.of(violation)));
        assertEquals("{\"details\":[{\"field\":\"title\",\"rule\":\"required\",\"message\":\"title is required\"}]}", json);
    }

    @Test
    void nullIsNull() {
        assertEquals("null", codec.writeString(null));
        assertEquals("{\"a\":null}", codec.writeString(java.util.Collections.singletonMap("a", null)));
    }

    @Test
    void aLoneSurrogateStaysValidJson() {
        assertEquals("\"a\\uD800b\"", codec.writeString("a\ud800b"));
    }
}
