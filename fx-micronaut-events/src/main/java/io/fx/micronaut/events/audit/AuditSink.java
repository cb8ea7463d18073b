package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.NonNull;

/**
 * Where audit records go. {@code fx.audit.write.sink} and {@code fx.audit.read.sink} name one: a built-in
 * ({@code log}, {@code redis}, {@code events}) or an application's bean of this type qualified with that name
 * ({@code @Named("siem")}); a name that matches none fails startup.
 *
 * <p>Records reach a sink on the audit's own threads, never on a request's: a bounded queue per kind
 * ({@code fx.audit.queue-size}) whose overflow is dropped and counted ({@link AuditStatistics}). Each call has
 * {@code fx.audit.timeout} (5 s): past it the calling thread is interrupted, the call counted as timed out and
 * logged. An exception is logged and counted; it changes nothing else.</p>
 *
 * <pre>{@code
 * @Singleton
 * @Named("siem")
 * final class SiemSink implements AuditSink {
 *     public void write(AuditRecord record) { siem.send(record.toMap()); }
 * }
 * }</pre>
 *
 * @since 0.8.0
 */
@FunctionalInterface
public interface AuditSink {

    /**
     * Stores or sends one record; may block up to the timeout, and should stop when interrupted.
     *
     * @param record the record
     */
    void write(@NonNull AuditRecord record);
}
