package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.fx.micronaut.model.RecordRenderer;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@code log} sink: one line of compact JSON per record, at INFO on the logger {@code fx.audit}. */
@Internal
@Singleton
@Named("log")
final class LogAuditSink implements AuditSink {

    private static final Logger LOG = LoggerFactory.getLogger("fx.audit");

    private final RecordRenderer renderer;

    LogAuditSink(RecordRenderer renderer) {
        this.renderer = renderer;
    }

    @Override
    public void write(@NonNull AuditRecord record) {
        if (LOG.isInfoEnabled()) {
            LOG.info(AuditJsonLine.render(record, renderer));
        }
    }
}
