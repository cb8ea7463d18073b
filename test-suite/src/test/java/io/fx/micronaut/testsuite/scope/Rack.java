package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Scope test model: a shelf of a shop (BelongsTo, cascade) with badges (ManyToMany through RackBadge). */
@FxModel
public class Rack extends BaseModel {

    @Fx("filterable")
    private String tenantId;
    @Fx("filterable, sortable")
    private String name;
    @Fx("filterable, onDelete:cascade")
    private String shopId;
    @Fx("through:RackBadge")
    private List<Badge> badges;

    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getShopId() { return shopId; }
    public void setShopId(String shopId) { this.shopId = shopId; }
    public List<Badge> getBadges() { return badges; }
    public void setBadges(List<Badge> badges) { this.badges = badges; }
}
