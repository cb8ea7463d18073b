package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Scope test model: the other side of Rack's ManyToMany. */
@FxModel
public class Badge extends BaseModel {

    @Fx("filterable")
    private String tenantId;
    @Fx("filterable")
    private String name;
    @Fx("through:RackBadge")
    private List<Rack> racks;

    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public List<Rack> getRacks() { return racks; }
    public void setRacks(List<Rack> racks) { this.racks = racks; }
}
