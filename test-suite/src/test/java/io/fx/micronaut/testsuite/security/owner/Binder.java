package io.fx.micronaut.testsuite.security.owner;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Owner-rule test model: a ring binder, no rule of its own. */
@FxModel
public class Binder extends BaseModel {

    @Fx("required, filterable")
    private String label;
    @Fx("filterable")
    private String tenantId;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
}
