package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.testsuite.support.Failures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A misconfigured e-mail entry fails startup with a message naming its key. */
class EmailStartupTest {

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
        subject  | New {title}                | fx.events.email.ops.subject has an unknown placeholder {title}: use {type}, {subject} or {data.<field>}
        subject  | New {data}                 | fx.events.email.ops.subject has an unknown placeholder {data}
        body     | Hello {data.}              | fx.events.email.ops.body has an unknown placeholder {data.}
        body     | Hello {data.label          | fx.events.email.ops.body has a '{' without its '}'
        body     | Hello data.label}          | fx.events.email.ops.body has a '}' without its '{'
        subject  | ''                         | fx.events.email.ops.subject is required
        to       | not-an-address             | fx.events.email.ops.to: 'not-an-address' is not an address
        to-field | label                      | fx.events.email.ops.to or fx.events.email.ops.to-field: set exactly one of them
        from     | someone                    | fx.events.email.ops.from: 'someone' is not an address
        patterns | parcel*                    | fx.events.email.ops: the event pattern 'parcel*' is not an event type
        """)
    void aMisconfiguredEntryFailsStartup(String key, String value, String message) {
        Failures.assertStartupFailure(message, "EmailStartup", settings(key, value).toArray());
    }

    @Test
    void anEntryWithoutRecipientOrSenderFailsStartup() {
        Map<String, Object> settings = new LinkedHashMap<>(Map.of("fx.events.emit-models", "Parcel",
            "fx.events.email.ops.subject", "s", "fx.events.email.ops.body", "b"));
        Failures.assertStartupFailure("fx.events.email.ops.to or fx.events.email.ops.to-field: set exactly one of "
            + "them", "EmailStartup", flat(settings).toArray());
        settings.put("fx.events.email.ops.to", "ops@example.com");
        Failures.assertStartupFailure("fx.events.email.ops.from is required when micronaut.email.from.email is not "
            + "set", "EmailStartup", flat(settings).toArray());
        settings.put("fx.events.email.ops.body", "");
        settings.put("micronaut.email.from.email", "fx@example.com");
        Failures.assertStartupFailure("fx.events.email.ops.body is required", "EmailStartup",
            flat(settings).toArray());
    }

    private static List<Object> settings(String key, String value) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("fx.events.emit-models", "Parcel");
        settings.put("micronaut.email.from.email", "fx@example.com");
        settings.put("fx.events.email.ops.to", "ops@example.com");
        settings.put("fx.events.email.ops.subject", "New {type}");
        settings.put("fx.events.email.ops.body", "{data.label}");
        settings.put("fx.events.email.ops." + key, value);
        return flat(settings);
    }

    private static List<Object> flat(Map<String, Object> settings) {
        List<Object> flat = new ArrayList<>();
        settings.forEach((key, value) -> {
            flat.add(key);
            flat.add(value);
        });
        return flat;
    }
}
