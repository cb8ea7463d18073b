/**
 * Audit records: who wrote or read what, from where, with which outcome. {@link io.fx.micronaut.events.audit.FxAudit}
 * gives the middleware ({@code auditLog} on the DB step, {@code readAudit} on the Response step), which hand
 * {@link io.fx.micronaut.events.audit.AuditRecord}s to the {@link io.fx.micronaut.events.audit.AuditSink} that
 * {@code fx.audit.write.sink} and {@code fx.audit.read.sink} name.
 *
 * @since 0.8.0
 */
package io.fx.micronaut.events.audit;
