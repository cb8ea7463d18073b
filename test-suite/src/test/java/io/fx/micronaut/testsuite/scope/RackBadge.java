package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Scope test model: the junction of Rack and Badge. */
@FxModel
public class RackBadge extends BaseModel {

    @Fx("filterable")
    private String tenantId;
    @Fx("onDelete:cascade")
    private String rackId;
    @Fx("onDelete:cascade")
    private String badgeId;

    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
    public String getRackId() { return rackId; }
    public void setRackId(String rackId) { this.rackId = rackId; }
    public String getBadgeId() { return badgeId; }
    public void setBadgeId(String badgeId) { this.badgeId = badgeId; }
}
