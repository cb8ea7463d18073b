package io.fx.micronaut.events.audit.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.fx.micronaut.events.audit.AuditCaller;
import io.fx.micronaut.events.audit.AuditKind;
import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.FieldChange;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AuditJsonLineTest {

    /** Jackson's own generator over the record's map: the bytes the core's writer promises to match. */
    private static final RecordRenderer JACKSON = new RecordRenderer() {
        @Override
        public Map<String, Object> render(ModelDescriptor model, Map<String, Object> record) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Map<String, Object> renderRedacted(ModelDescriptor model, Map<String, Object> record) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] toJson(Map<String, Object> rendered) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (JsonGenerator generator = new JsonFactory().createGenerator(bytes)) {
                write(generator, rendered);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        private void write(JsonGenerator generator, Object value) throws IOException {
            if (value == null) {
                generator.writeNull();
            } else if (value instanceof Map<?, ?> map) {
                generator.writeStartObject();
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    generator.writeFieldName((String) entry.getKey());
                    write(generator, entry.getValue());
                }
                generator.writeEndObject();
            } else if (value instanceof List<?> list) {
                generator.writeStartArray();
                for (Object item : list) {
                    write(generator, item);
                }
                generator.writeEndArray();
            } else if (value instanceof Integer number) {
                generator.writeNumber(number);
            } else if (value instanceof Boolean flag) {
                generator.writeBoolean(flag);
            } else {
                generator.writeString(value.toString());
            }
        }
    };

    private static String expected(AuditRecord record) {
        return new String(JACKSON.toJson(record.toMap()), StandardCharsets.UTF_8);
    }

    @Test
    void aReadRecordIsTheJsonOfItsMap() {
        AuditRecord record = new AuditRecord(AuditKind.READ, Instant.parse("2026-01-02T03:04:05.123456789Z"), "Post",
            "list", null, 20, new AuditCaller("alice", List.of("editor", "admin"), "t1", "s-1", "jwt", "r-1",
            "4bf92f3577b34da6a3ce929d0e0e4736", "blog", "203.0.113.9", "curl/8.5"), null, null, null, Map.of());
        assertEquals("{\"kind\":\"read\",\"timestamp\":\"2026-01-02T03:04:05.123456789Z\",\"model\":\"Post\","
            + "\"operation\":\"list\",\"record_count\":20,\"actor\":\"alice\",\"roles\":[\"editor\",\"admin\"],"
            + "\"tenant_id\":\"t1\",\"session_id\":\"s-1\",\"auth_method\":\"jwt\",\"request_id\":\"r-1\","
            + "\"trace_id\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"service_name\":\"blog\","
            + "\"ip_address\":\"203.0.113.9\",\"user_agent\":\"curl/8.5\"}", AuditJsonLine.render(record, JACKSON));
        assertEquals(expected(record), AuditJsonLine.render(record, JACKSON));
    }

    @Test
    void aFailedWriteLeavesOutTheReadFieldsAndCarriesItsStatusAndCode() {
        AuditRecord record = new AuditRecord(AuditKind.WRITE, Instant.EPOCH, "Post", "update", "id-1", null,
            new AuditCaller(null, List.of(), null, "s-1", null, "r-2", null, null, null, "agent"),
            AuditRecord.FAILURE, 409, "CONFLICT", Map.of());
        assertEquals("{\"kind\":\"write\",\"timestamp\":\"1970-01-01T00:00:00Z\",\"model\":\"Post\","
            + "\"operation\":\"update\",\"record_id\":\"id-1\",\"roles\":[],\"request_id\":\"r-2\","
            + "\"result\":\"failure\",\"status\":409,\"error_code\":\"CONFLICT\"}", AuditJsonLine.render(record, JACKSON));
    }

    @Test
    void changesGoThroughTheRendererInTheirOrder() {
        Map<String, FieldChange> changes = new LinkedHashMap<>();
        changes.put("title", new FieldChange("old", "new \"one\""));
        changes.put("views", new FieldChange(1, null));
        AuditRecord record = new AuditRecord(AuditKind.WRITE, Instant.EPOCH, "Post", "update", "id-1", null,
            new AuditCaller("bob", List.of("writer"), null, null, "api_key", "r-3", null, "blog", "::1", null),
            AuditRecord.SUCCESS, null, null, changes);
        String line = AuditJsonLine.render(record, JACKSON);
        assertEquals(expected(record), line);
        assertEquals(true, line.endsWith(",\"result\":\"success\",\"changes\":{\"title\":{\"from\":\"old\","
            + "\"to\":\"new \\\"one\\\"\"},\"views\":{\"from\":1,\"to\":null}}}"), line);
    }

    @Test
    void everyCharacterIsEscapedAsTheCoreWriterDoes() {
        String awkward = "q\" b\\ \b\t\n\f\r \u0000\u001f\u007f é € \uD83D\uDE00 lone \uD800 / <script>";
        AuditRecord record = record(awkward);
        assertEquals(expected(record), AuditJsonLine.render(record, JACKSON));
        assertEquals(true, AuditJsonLine.render(record, JACKSON).contains(
            "q\\\" b\\\\ \\b\\t\\n\\f\\r \\u0000\\u001F\u007f é € \\uD83D\\uDE00 lone \\uD800 / <script>"));
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) {
                text.append((char) (random.nextInt(4) == 0 ? random.nextInt(0x10000) : random.nextInt(0x80)));
            }
            AuditRecord fuzzed = record(text.toString());
            assertEquals(expected(fuzzed), AuditJsonLine.render(fuzzed, JACKSON), () -> "text: " + text.chars()
                .mapToObj(Integer::toHexString).toList());
        }
    }

    private static AuditRecord record(String text) {
        return new AuditRecord(AuditKind.READ, Instant.EPOCH, "Post", "read", text, null,
            new AuditCaller(text, List.of(text), text, text, text, text, text, text, text, text), null, null, null,
            Map.of());
    }
}
