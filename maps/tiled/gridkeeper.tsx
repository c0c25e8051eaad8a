<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="gridkeeper" tilewidth="32" tileheight="32" tilecount="12" columns="12">
 <image source="gridkeeper-tiles.png" width="384" height="32"/>
</tileset>
