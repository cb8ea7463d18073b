package io.fx.micronaut.examples.readme;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Stands in for a SIEM's client in {@link AuditExampleTest}: keeps what {@link SiemSink} sends.
 */
@Singleton
@Requires(property = "spec.name", value = AuditExampleTest.SPEC)
final class Siem {

    private final List<Map<String, Object>> received = new CopyOnWriteArrayList<>();

    /** @param record one audit record in its JSON form */
    void send(Map<String, Object> record) {
        received.add(record);
    }

    /** @return what was sent, oldest first */
    List<Map<String, Object>> received() {
        return List.copyOf(received);
    }
}
