package io.fx.micronaut.testsuite.security.owner;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Owner-rule test model, owned; deleting its binder clears its key (setNull). */
@FxModel
public class Clip extends BaseModel {

    @Fx("required, filterable")
    private String label;
    @Fx("readonly, filterable")
    private String ownerId;
    @Fx("filterable")
    private String tenantId;
    @Fx("filterable, onDelete:setNull")
    private String binderId;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public String getOwnerId() { return ownerId; }
    public void setOwnerId(String ownerId) { this.ownerId = ownerId; }
    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
    public String getBinderId() { return binderId; }
    public void setBinderId(String binderId) { this.binderId = binderId; }
}
