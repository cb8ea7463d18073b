package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Relation test model: a tree, belonging to its parent folder explicitly and having many child folders. */
@FxModel
public class Folder extends BaseModel {

    @Fx("required")
    private String name;
    @Fx("relation:Parent;onDelete:cascade")
    private String parentRef;
    private Folder parent;
    private List<Folder> children;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getParentRef() { return parentRef; }
    public void setParentRef(String parentRef) { this.parentRef = parentRef; }
    public Folder getParent() { return parent; }
    public void setParent(Folder parent) { this.parent = parent; }
    public List<Folder> getChildren() { return children; }
    public void setChildren(List<Folder> children) { this.children = children; }
}
