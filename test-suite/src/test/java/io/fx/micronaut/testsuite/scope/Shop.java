package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Scope test model: a tenant's shop (soft-deletes, so the framework applies its referential actions). */
@FxModel(softDelete = SoftDelete.TIMESTAMP)
public class Shop extends BaseModel {

    @Fx("filterable")
    private String tenantId;
    @Fx("filterable, sortable")
    private String name;
    private List<Rack> racks;

    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public List<Rack> getRacks() { return racks; }
    public void setRacks(List<Rack> racks) { this.racks = racks; }
}
