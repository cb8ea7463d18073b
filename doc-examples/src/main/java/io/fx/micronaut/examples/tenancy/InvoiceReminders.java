package io.fx.micronaut.examples.tenancy;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.db.StorageContext;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;

/**
 * The README's background example: a job that works for one tenant at a time through scoped model
 * accessors, so it sees exactly what that tenant's requests see.
 *
 * @since 0.3.0
 */
@Singleton
public class InvoiceReminders {

    private final Models models;

    /** @param models the model accessors (the system context) */
    public InvoiceReminders(Models models) {
        this.models = models;
    }

    // tag::background[]
    /**
     * @param tenant a tenant id
     * @return how many of the tenant's invoices are above 1,000.00
     */
    public long largeInvoices(String tenant) {
        AuthInfo job = new AuthInfo("reminder-job", List.of(), Map.of(), tenant, IdentityType.SERVICE_ACCOUNT,
            List.of(), null, null);
        Page page = models.as(StorageContext.of(job)).of(Invoice.class).list("filter=amount_cents:gt:100000");
        return page.total();
    }
    // end::background[]
}
