package io.fx.micronaut.examples.readme;

import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * The events README's sink of its own, {@code fx.audit.write.sink: siem}: each record goes to the {@link Siem}.
 */
@Requires(property = "spec.name", value = AuditExampleTest.SPEC)
// tag::siem-sink[]
@Singleton
@Named("siem")
final class SiemSink implements AuditSink {
    private final Siem siem;
    SiemSink(Siem siem) { this.siem = siem; }

    @Override
    public void write(AuditRecord record) {
        siem.send(record.toMap());   // the same JSON form the built-in sinks write
    }
}
// end::siem-sink[]
