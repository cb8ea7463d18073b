package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Scope test model: counts for a shop; deleting the shop clears the key (setNull). */
@FxModel
public class Tally extends BaseModel {

    @Fx("filterable")
    private String tenantId;
    @Fx("filterable")
    private String name;
    @Fx("filterable, onDelete:setNull")
    private String shopId;

    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getShopId() { return shopId; }
    public void setShopId(String shopId) { this.shopId = shopId; }
}
