package io.fx.micronaut.examples.tenancy;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/**
 * The README's tenant-scope example: an invoice that belongs to one tenant, served at
 * {@code /api/invoices}. In the {@code tenancy} environment {@link TenantScope} confines every
 * statement on it to the caller's tenant.
 *
 * @since 0.3.0
 */
// tag::invoice[]
@FxModel
public class Invoice extends BaseModel {
    @Fx("readonly, filterable")
    private String tenantId;
    @Fx("required, filterable, sortable")
    private String customer;
    @Fx("min:0, filterable, sortable")
    private long amountCents;
    // end::invoice[]

    /** @return the tenant, stamped from the caller's scope on create */
    public String getTenantId() {
        return tenantId;
    }

    /** @param tenantId the tenant */
    public void setTenantId(String tenantId) {
        this.tenantId = tenantId;
    }

    /** @return the customer */
    public String getCustomer() {
        return customer;
    }

    /** @param customer the customer */
    public void setCustomer(String customer) {
        this.customer = customer;
    }

    /** @return the amount in cents */
    public long getAmountCents() {
        return amountCents;
    }

    /** @param amountCents the amount in cents */
    public void setAmountCents(long amountCents) {
        this.amountCents = amountCents;
    }
}
