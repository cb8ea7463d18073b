package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Security test model: a dossier with an owner and a tenant. */
@FxModel
public class Dossier extends BaseModel {

    @Fx("filterable, sortable")
    private String title;
    @Fx("filterable")
    private String ownerId;
    @Fx("filterable")
    private String tenantId;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public String getOwnerId() { return ownerId; }
    public void setOwnerId(String ownerId) { this.ownerId = ownerId; }
    public String getTenantId() { return tenantId; }
    public void setTenantId(String tenantId) { this.tenantId = tenantId; }
}
